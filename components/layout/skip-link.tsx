import { getTranslator } from "@/lib/i18n/server";

export const MAIN_CONTENT_ID = "main-content";

export async function SkipLink() {
  const t = await getTranslator("common");
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t("skipToContent")}
    </a>
  );
}
