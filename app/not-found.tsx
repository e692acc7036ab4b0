import type { Metadata } from "next";
import { MAIN_CONTENT_ID } from "@/components/layout/skip-link";
import { NotFoundNotice } from "@/components/desk/not-found-notice";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("notFound");
  return { title: t("title") };
}

export default function NotFound() {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="focus:outline-none">
      <NotFoundNotice />
    </main>
  );
}
