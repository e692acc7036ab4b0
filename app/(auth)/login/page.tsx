import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { safeCallbackUrl } from "@/components/auth/callback-url";
import { SignInForm } from "@/components/auth/sign-in-form";
import { homePathFor } from "@/lib/access";
import { compiledMessages, getLocale, getTranslator } from "@/lib/i18n/server";
import { ROLES, type Role } from "@/lib/schemas/staff";
import { DEMO_STAFF } from "@/lib/server/auth/demo-staff";
import { getStaffSession } from "@/lib/server/auth/session";
import { platformDemo } from "@/lib/server/platform-demo";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("signIn");
  return { title: t("pageTitle") };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  // Read fresh: a page whose session ended on another instance comes here, and a cached "still signed
  // in" (up to 2 s old) would send it straight back, where the same thing happens again.
  const session = await getStaffSession(undefined, "fresh");
  if (session) redirect(callbackUrl ?? homePathFor(session.role));

  // The demo accounts exist (and sign in) only while the sandbox is the platform.
  const demoStaff = platformDemo() ? DEMO_STAFF.map(({ name, role, email, password }) => ({ name, role, email, password })) : undefined;

  const [locale, messages, tr] = await Promise.all([getLocale(), compiledMessages("signIn"), getTranslator("roles")]);
  const roleNames = Object.fromEntries(ROLES.map((role) => [role, tr(role)])) as Record<Role, string>;

  return (
    <div className="w-full max-w-md">
      <SignInForm callbackUrl={callbackUrl} demoStaff={demoStaff} locale={locale} messages={messages} roleNames={roleNames} />
    </div>
  );
}
