import type { Metadata } from "next";
import Link from "next/link";
import { forbidden } from "next/navigation";
import { ScrollText } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label, Select } from "@/components/ui/field";
import { AuditPatientFilter } from "@/components/patients/audit-patient-filter";
import { can } from "@/lib/access";
import { TIME_ZONE } from "@/lib/i18n/config";
import { formatInZone } from "@/lib/schemas/zone-format";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { db } from "@/lib/server/db";
import { groupPatientAudit, patientAuditEntries, staffWithPatientAudit, type PatientAuditGroup } from "@/lib/server/patients/patient-audit";
import { summariesByIds } from "@/lib/server/patients/patient-index";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("patients.audit");
  return { title: t("pageTitle") };
}

const stamp = (at: Date) => formatInZone(at, TIME_ZONE, "dd/MM/yyyy, HH:mm:ss");
const clock = (at: Date) => formatInZone(at, TIME_ZONE, "HH:mm");
/** Actions the log has words for; anything newer is shown by its code until it gets some. */
const KNOWN_ACTIONS = [
  "patients.search",
  "patients.read",
  "patients.register",
  "patients.update",
  "patients.appointments",
  "patients.uhid-check",
  "patients.duplicate-check",
  "patient-document.list",
  "patient-document.upload",
  "patient-document.view",
  "patient-document.download",
  "appointment.book",
  "appointment.checked_in",
  "appointment.in_consultation",
  "appointment.done",
  "appointment.no_show",
  "appointment.cancelled",
  "appointment.reschedule",
  "appointment.undo",
  "appointment.link",
  "appointment.walk-in",
  "appointment.call-next",
  "appointment.recall",
  "appointment.skip",
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const isKnown = (a: string): a is KnownAction => (KNOWN_ACTIONS as readonly string[]).includes(a);
type ActionKey<A extends string> = A extends `${infer L}.${infer R}` ? `${L}_${R}` : A;
const actionKey = (a: KnownAction) => a.replace(".", "_") as ActionKey<KnownAction>;
const first = (v: string | string[] | undefined) => ((Array.isArray(v) ? v[0] : v) ?? "").trim().slice(0, 64);
const UUID = /^[0-9a-f-]{36}$/i;

/** Admins only: who read or changed which patient's data, when, and with what outcome. */
export default async function PatientAuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const staffMember = await requireStaff("patients", "/patients/audit");
  if (!can(staffMember.role, "patients.audit")) forbidden();
  const t = await getTranslator("patients");
  const roles = await getTranslator("roles");
  const patientId = first(params.patient);
  const staffId = UUID.test(first(params.staff)) ? first(params.staff) : "";
  const store = await db();
  const [rows, staffList] = await Promise.all([patientAuditEntries(store, { patientId: patientId || undefined, staffId: staffId || undefined }), staffWithPatientAudit(store)]);
  const entries = groupPatientAudit(rows);
  const patients = await summariesByIds(store, entries.map((e) => e.patientId).filter((id): id is string => !!id));
  const actionText = (e: PatientAuditGroup) => {
    // Message keys cannot hold dots (they nest), so "patients.search" is "patients_search" there.
    const words = isKnown(e.action) ? t(`audit.actions.${actionKey(e.action)}`) : e.action;
    if (e.count > 1) return t("audit.grouped", { what: words, count: e.count, from: clock(e.firstAt), to: clock(e.at) });
    return words;
  };
  const tone = { ok: "success", denied: "danger", failed: "warning" } as const;
  return (
    <FeatureMessages features={["patients"]}>
      <PageHeader title={t("audit.title")} description={t("audit.subtitle")} icon={<ScrollText className="size-5" />} />
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-80">
          <AuditPatientFilter initial={patientId ? ((await summariesByIds(store, [patientId])).get(patientId) ?? null) : null} />
        </div>
        <div className="w-full sm:w-64">
          <Label htmlFor="audit-staff">{t("audit.filterStaff")}</Label>
          <Select id="audit-staff" name="staff" defaultValue={staffId} className="mt-1.5 h-10">
            <option value="">{t("audit.allStaff")}</option>
            {staffList.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </div>
        <button type="submit" className={buttonClasses({ variant: "secondary" })}>
          {t("audit.apply")}
        </button>
      </form>
      <Card className="overflow-x-auto">
        {entries.length === 0 ? (
          <p className="p-6 text-sm text-ink-muted">{t("audit.empty")}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("audit.title")}</caption>
            <thead className="border-b border-line text-xs text-ink-muted">
              <tr>
                {(["when", "who", "role", "what", "patient", "outcome"] as const).map((c) => (
                  <th key={c} scope="col" className="px-4 py-2 font-medium">
                    {t(`audit.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {entries.map((e) => (
                <tr key={e.id}>
                  <td className="px-4 py-2 whitespace-nowrap tabular-nums">
                    {e.count > 1 ? (
                      <>
                        <span className="block">{stamp(e.at)}</span>
                        <span className="block text-xs text-ink-muted">{t("audit.since", { at: stamp(e.firstAt) })}</span>
                      </>
                    ) : (
                      stamp(e.at)
                    )}
                  </td>
                  <td className="px-4 py-2">{e.staffName ?? "—"}</td>
                  <td className="px-4 py-2">{e.role === "receptionist" || e.role === "doctor" || e.role === "admin" ? roles(e.role) : (e.role ?? "—")}</td>
                  <td className="px-4 py-2">
                    <span data-action={e.action}>{actionText(e)}</span>
                    {e.fileName ? <span className="block text-xs break-all text-ink-muted">{e.fileName}</span> : null}
                    {e.matches ? <span className="block text-xs text-ink-muted">{t("audit.matches", { count: e.matches })}</span> : null}
                    {e.reason && e.outcome === "ok" ? <span className="block text-xs break-words text-ink-muted">{t("audit.reason", { reason: e.reason })}</span> : null}
                    {e.movedTo && e.outcome === "ok" ? <span className="block text-xs text-ink-muted">{t("audit.movedTo", { when: stamp(new Date(e.movedTo)).slice(0, 17) })}</span> : null}
                    {e.error ? (
                      <span className="block text-xs break-words text-danger-soft-ink" data-testid="audit-error">
                        {t("audit.failedBecause", { error: e.error })}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-4 py-2">
                    <AuditPatient id={e.patientId} summary={e.patientId ? patients.get(e.patientId) : undefined} unknownLabel={t("audit.unknownPatient")} uhidLabel={t("fields.uhid")} />
                  </td>
                  <td className="px-4 py-2">
                    <Badge tone={tone[e.outcome]}>{t(`audit.outcomes.${e.outcome}`)}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </FeatureMessages>
  );
}

/** The patient by name and UHID, linked to the record; the bare id only when the desk does not know them. */
function AuditPatient({ id, summary, unknownLabel, uhidLabel }: { id: string | null; summary?: { name: string; uhid: string | null }; unknownLabel: string; uhidLabel: string }) {
  if (!id) return <>—</>;
  if (!summary)
    return (
      <Link className="underline" href={`/patients/${id}`} title={id}>
        {unknownLabel}
      </Link>
    );
  return (
    <span className="block min-w-40">
      <Link className="font-medium underline" href={`/patients/${id}`}>
        {summary.name}
      </Link>
      {summary.uhid ? (
        <span className="block text-xs text-ink-muted">
          {uhidLabel} {summary.uhid}
        </span>
      ) : null}
    </span>
  );
}
