import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { VisitStatusView } from "@/components/visit-status/visit-status-view";
import * as clock from "@/lib/clock";
import { getLocale, getTranslator } from "@/lib/i18n/server";
import { DeskProviders } from "@/components/providers/desk-providers";
import { db } from "@/lib/server/db";
import { answerStatusPage } from "@/lib/server/queue/visit-status";
import { clientAddress } from "@/lib/server/request-info";
import { counterConfig } from "@/lib/server/counter-settings/counter-config";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("opdSlips");
  return { title: t("status.pageTitle"), referrer: "no-referrer", robots: { index: false, follow: false } };
}

/**
 * The patient's status page, opened from the QR on the slip without signing in (lib/access.ts
 * ANONYMOUS_PAGES): token, now serving, how many ahead and about how long — nothing that names the patient.
 */
export default async function VisitStatusPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const at = clock.now();
  const store = await db();
  const answer = await answerStatusPage(store, token, { address: clientAddress(await headers()) }, await counterConfig(store), at);
  if (answer.kind === "not-found") notFound();
  return (
    // The page's language and TanStack Query: the root layout carries neither (the sign-in page needs none).
    <DeskProviders locale={await getLocale()}>
      <FeatureMessages features={["opdSlips"]}>
        <main id="main" className="mx-auto flex min-h-[80dvh] w-full max-w-md flex-col justify-center px-4 py-8">
          <VisitStatusView token={token} initial={answer.kind === "status" ? answer.status : null} at={at} />
        </main>
      </FeatureMessages>
    </DeskProviders>
  );
}
