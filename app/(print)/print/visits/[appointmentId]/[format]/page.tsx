import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeft } from "lucide-react";
import { ClinicHeader, CodeImage, PAPER, PrintPage, type Paper } from "@/components/print/print-page";
import { PrintButton } from "@/components/print/print-button";
import { buttonClasses } from "@/components/ui/button";
import { env } from "@/lib/env";
import { getTranslator } from "@/lib/i18n/server";
import { code128Svg, qrSvg } from "@/lib/print/codes";
import { recordAudit } from "@/lib/server/audit";
import { requireStaff } from "@/lib/server/auth/session";
import { db } from "@/lib/server/db";
import { readVisitSlip, type VisitSlip } from "@/lib/server/queue/visit-slip";

type Params = Promise<{ appointmentId: string; format: string }>;
const isPaper = (f: string): f is Paper => Object.hasOwn(PAPER, f);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const t = await getTranslator("opdSlips");
  const { format } = await params;
  return { title: isPaper(format) ? t(`format.${format}`) : t("printSlip") };
}

/** One visit's slip, A5 page or OPD card: a sheet at its paper size, with the format switch and Print above it on screen. */
export default async function VisitSlipPage({ params }: { params: Params }) {
  const { appointmentId, format } = await params;
  const staff = await requireStaff("queue", `/print/visits/${encodeURIComponent(appointmentId)}/${encodeURIComponent(format)}`);
  if (!isPaper(format) || appointmentId.length > 200) notFound();
  const database = await db();
  const config = env();
  const slip = await readVisitSlip(database, appointmentId, { secret: config.authSecret, appUrl: config.appUrl });
  if (!slip) notFound();
  await recordAudit(database, { staffId: staff.id, action: "queue.slip-print", resource: "appointment", resourceId: appointmentId, outcome: "ok", detail: { role: staff.role, format } });
  const [t, queueWords] = await Promise.all([getTranslator("opdSlips"), getTranslator("queue")]);
  const qr = slip.statusUrl ? await qrSvg(slip.statusUrl, t("scan")) : null;
  const barcode = slip.uhid ? code128Svg(slip.uhid, `${t("uhid")} ${slip.uhid}`) : null;
  const back = `/appointments/today`;

  return (
    <main id="main" className="min-h-dvh bg-surface-muted px-4 py-4 print:bg-white print:p-0">
      <div data-print-hidden="" className="mx-auto flex max-w-3xl flex-wrap items-center gap-3 print:hidden">
        <Link href={back} className={buttonClasses({ variant: "ghost", size: "sm" })}>
          <ArrowLeft aria-hidden className="size-4" />
          {queueWords("title")}
        </Link>
        <nav aria-label={t("formats")} className="flex flex-wrap gap-2">
          {(Object.keys(PAPER) as Paper[]).map((p) => (
            <Link
              key={p}
              href={`/print/visits/${encodeURIComponent(appointmentId)}/${p}`}
              aria-current={p === format ? "page" : undefined}
              className={buttonClasses({ variant: p === format ? "primary" : "secondary", size: "sm" })}
            >
              {t(`format.${p}`)}
            </Link>
          ))}
        </nav>
        <PrintButton label={t("print")} />
        <p className="w-full text-sm text-ink-muted">{slip.tokenLabel ? t("printHint") : t("noToken")}</p>
      </div>
      <h1 className="sr-only">{t("pageTitle", { token: slip.tokenLabel ?? "—" })}</h1>
      <PrintPage paper={format}>{format === "card" ? <OpdCard slip={slip} qr={qr} barcode={barcode} t={t} /> : <Slip slip={slip} qr={qr} paper={format} t={t} />}</PrintPage>
    </main>
  );
}

type T = Awaited<ReturnType<typeof getTranslator<"opdSlips">>>;

function Slip({ slip, qr, paper, t }: { slip: VisitSlip; qr: string | null; paper: "thermal" | "a5"; t: T }) {
  const big = paper === "a5";
  return (
    <div className={big ? "flex h-full flex-col gap-5" : "flex h-full flex-col gap-2"} data-testid="slip">
      <ClinicHeader name={slip.clinicName} size={big ? "lg" : "md"} />
      <hr className="border-black" />
      <div className="text-center">
        <p className={big ? "text-base" : "text-xs"}>{t("token")}</p>
        <p className={big ? "text-7xl font-black tracking-wide" : "text-5xl font-black tracking-wide"} data-testid="slip-token">
          {slip.tokenLabel ?? "—"}
        </p>
      </div>
      <dl className={big ? "grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2 text-lg" : "grid grid-cols-[4.5rem_1fr] gap-x-2 gap-y-0.5 text-xs"}>
        <dt>{t("doctor")}</dt>
        <dd className="font-semibold">{slip.doctorName}</dd>
        {slip.room ? (
          <>
            <dt>{t("room")}</dt>
            <dd className="font-semibold">{slip.room}</dd>
          </>
        ) : null}
        <dt>{t("time")}</dt>
        <dd className="font-semibold tabular-nums">{slip.time}</dd>
        <dt>{t("patient")}</dt>
        <dd className="font-semibold">{slip.patientName}</dd>
        <dt>{t("uhid")}</dt>
        <dd className="font-mono font-semibold">{slip.uhid ?? t("noUhid")}</dd>
      </dl>
      {qr ? (
        <div className="mt-auto flex flex-col items-center gap-1" data-status-url={slip.statusUrl ?? undefined}>
          <CodeImage svg={qr} className={big ? "size-44" : "size-28"} />
          <p className={big ? "text-base" : "text-[10px]"}>{t("scan")}</p>
          <p className={big ? "text-sm" : "text-[9px]"}>{t("linkEnds")}</p>
        </div>
      ) : null}
    </div>
  );
}

function OpdCard({ slip, qr, barcode, t }: { slip: VisitSlip; qr: string | null; barcode: string | null; t: T }) {
  return (
    <div className="flex h-full flex-col gap-1 text-[9px] leading-tight" data-testid="opd-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-[11px] font-bold">{slip.clinicName}</p>
          <p className="uppercase tracking-wide">{t("cardTitle")}</p>
        </div>
        {qr ? <CodeImage svg={qr} className="size-[16mm] shrink-0" /> : null}
      </div>
      <p className="truncate text-[12px] font-semibold">{slip.patientName}</p>
      <div className="mt-auto flex flex-col items-center">
        {barcode ? <CodeImage svg={barcode} className="h-[11mm] w-[62mm]" /> : null}
        <p className="font-mono text-[11px] font-semibold tracking-wider">{slip.uhid ?? t("noUhid")}</p>
      </div>
    </div>
  );
}
