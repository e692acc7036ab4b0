import { Compass, House } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { StatusPage } from "@/components/ui/status-page";
import { getTranslator } from "@/lib/i18n/server";

export async function NotFoundNotice() {
  const t = await getTranslator();
  return (
    <StatusPage
      icon={<Compass aria-hidden className="size-7" />}
      code={t("notFound.code")}
      title={t("notFound.title")}
      body={<p>{t("notFound.body")}</p>}
      actions={
        // A plain link: this notice shows on the root boundaries, part of every route, and next/link would be in every first download.
        // eslint-disable-next-line @next/next/no-html-link-for-pages -- see above
        <a href="/" className={buttonClasses()}>
          <House aria-hidden className="size-4" />
          {t("common.goHome")}
        </a>
      }
    />
  );
}
