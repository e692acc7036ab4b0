import type { Metadata } from "next";
import { FileUp } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { DocumentsDesk } from "@/components/documents/documents-desk";
import { DocumentListQuery } from "@/lib/schemas/documents";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { patientSummariesByIds } from "@/lib/server/patients/patient-index";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

type SearchParams = Record<string, string | string[] | undefined>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("documents");
  return { title: t("pageTitle") };
}

export default async function DocumentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const raw = Array.isArray(params.patient) ? params.patient[0] : params.patient;
  await requireStaff("documents", raw ? `/documents?patient=${encodeURIComponent(raw)}` : "/documents");
  const t = await getTranslator("documents");
  const parsed = raw ? DocumentListQuery.safeParse({ patient: raw }) : undefined;
  const patientId = parsed?.success ? parsed.data.patient : null;
  const initial = patientId ? ((await patientSummariesByIds([patientId])).get(patientId) ?? null) : null;

  return (
    <FeatureMessages features={["documents", "patients"]}>
      <PageHeader title={t("title")} description={t("subtitle")} icon={<FileUp className="size-5" />} />
      <DocumentsDesk initial={initial} patientId={patientId} />
    </FeatureMessages>
  );
}
