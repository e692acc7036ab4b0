import type { Metadata } from "next";
import { Pill } from "lucide-react";
import { DrugPage } from "@/components/drugs/drug-page";
import { PageHeader } from "@/components/layout/page-header";
import { DRUG_CATEGORIES } from "@/lib/schemas/drug-categories";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { platformDemo } from "@/lib/server/platform-demo";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("drugs");
  return { title: t("pageTitle") };
}

export default async function DrugsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const query = new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : []))).toString();
  await requireStaff("drugs", query ? `/drugs?${query}` : "/drugs");
  const t = await getTranslator("drugs");
  const category = first(params.category);
  const initial = {
    q: first(params.q).slice(0, 200),
    category: (DRUG_CATEGORIES as readonly string[]).includes(category) ? category : "",
    exact: first(params.exact) === "true",
    open: first(params.open).slice(0, 200),
    mode: first(params.mode) === "prescription" ? "prescription" : undefined,
  };

  return (
    <FeatureMessages features={["drugs"]}>
      <PageHeader title={t("title")} description={t("subtitle")} icon={<Pill className="size-5" />} />
      <DrugPage initial={initial} demoFormulary={Boolean(platformDemo())} />
    </FeatureMessages>
  );
}
