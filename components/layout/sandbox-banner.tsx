import { FlaskConical } from "lucide-react";
import { getTranslator } from "@/lib/i18n/server";

export async function SandboxBanner() {
  const t = await getTranslator("sandbox");
  return (
    <section
      aria-label={t("bannerLabel")}
      data-sandbox-banner=""
      className="flex items-center justify-center gap-2 border-b border-amber-500 bg-amber-300 px-4 dark:border-amber-600 dark:bg-amber-400 py-1.5 text-center text-sm font-semibold text-amber-950 lg:sticky lg:top-0 lg:z-40 lg:h-9 lg:py-0"
    >
      <FlaskConical aria-hidden className="size-4 shrink-0" />
      <p role="note">{t("banner")}</p>
    </section>
  );
}
