"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { Download } from "lucide-react";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardSection } from "@/components/ui/card";
import { FieldError, Input, Label, Select } from "@/components/ui/field";
import { ClinicPicker } from "@/components/billing/billing-settings-form";
import { Skeleton } from "@/components/ui/skeleton";
import { dashboardCsvPath, useDashboard } from "@/lib/api-client/dashboard";
import { DASHBOARD_RANGES, MAX_RANGE_DAYS, resolveRange, type DashboardRange } from "@/lib/billing/dashboard-range";
import { formatPaise } from "@/lib/billing/money";
import { displayDay } from "@/lib/schemas/calendar";
import type { Dashboard, DashboardQuery } from "@/lib/schemas/dashboard";
import { DashboardTable } from "./dashboard-table";

const CHART_HEIGHT = "h-64";
const chartPlaceholder = () => <Skeleton className={`${CHART_HEIGHT} w-full`} />;
// recharts loads with this page only, in the browser; the placeholder keeps the chart's space so nothing jumps.
const DayBarsChart = dynamic(() => import("./dashboard-charts").then((m) => m.DayBarsChart), { ssr: false, loading: chartPlaceholder });
const BreakdownChart = dynamic(() => import("./dashboard-charts").then((m) => m.BreakdownChart), { ssr: false, loading: chartPlaceholder });

const counts = new Intl.NumberFormat("en-IN");
/** Whole rupees with Indian grouping for a chart's axis; the tables show paise exactly. */
const axisRupees = (paise: number) => formatPaise(Math.round(paise / 100) * 100).replace(/\.00$/, "");
const shortDay = (day: string) => displayDay(day).slice(0, 5);

export function OwnerDashboard({ clinics, query }: { clinics: { id: string; name: string }[]; query: DashboardQuery }) {
  const t = useTranslations("dashboard");
  const router = useRouter();
  const pathname = usePathname();
  const id = useId();
  const dashboard = useDashboard(query);
  const go = (next: Partial<DashboardQuery>) => {
    const q = { ...query, ...next };
    const params = new URLSearchParams({ clinic: q.clinicId, range: q.range, ...(q.range === "custom" && q.from && q.to ? { from: q.from, to: q.to } : {}) });
    router.replace(`${pathname}?${params}`, { scroll: false });
  };

  return (
    <div className="grid gap-6">
      <Card className="flex flex-wrap items-end gap-4 p-4">
        <ClinicPicker clinics={clinics} clinicId={query.clinicId} onPick={(clinicId) => go({ clinicId })} />
        <RangePicker query={query} onChange={go} />
        <a href={dashboardCsvPath(query)} download className={buttonClasses({ variant: "secondary", className: "ml-auto" })} aria-describedby={`${id}-csv-hint`}>
          <Download aria-hidden className="size-4" />
          {t("download")}
        </a>
        <p id={`${id}-csv-hint`} className="w-full text-xs text-ink-faint">
          {t("downloadHint")}
        </p>
      </Card>
      {dashboard.isPending ? (
        <div role="status" aria-busy="true" aria-label={t("loading")} className="grid gap-6">
          <Skeleton className="h-28" />
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
        </div>
      ) : dashboard.isError ? (
        <ProblemAlert error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <Figures d={dashboard.data} stale={dashboard.isPlaceholderData} />
      )}
    </div>
  );
}

/** Today, this week, this month, this financial year, or two days typed DD/MM/YYYY. */
function RangePicker({ query, onChange }: { query: DashboardQuery; onChange(next: Partial<DashboardQuery>): void }) {
  const t = useTranslations("dashboard");
  const id = useId();
  const [range, setRange] = useState<DashboardRange>(query.range);
  const [from, setFrom] = useState(query.from ? displayDayIfIso(query.from) : "");
  const [to, setTo] = useState(query.to ? displayDayIfIso(query.to) : "");
  const [error, setError] = useState<{ field: "from" | "to"; text: string } | null>(null);
  const pick = (r: DashboardRange) => {
    setRange(r);
    setError(null);
    if (r !== "custom") onChange({ range: r, from: undefined, to: undefined });
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const read = resolveRange("custom", "2000-01-01", { from, to });
    if (!read.ok) {
      setError({ field: read.field, text: t(`errors.${read.reason}`, { days: MAX_RANGE_DAYS }) });
      return void document.getElementById(`${id}-${read.field}`)?.focus();
    }
    setError(null);
    onChange({ range: "custom", from: read.from, to: read.to });
  };
  return (
    <form onSubmit={apply} className="flex flex-wrap items-end gap-3" noValidate>
      <div>
        <Label htmlFor={`${id}-range`}>{t("period")}</Label>
        <Select id={`${id}-range`} value={range} onChange={(e) => pick(e.target.value as DashboardRange)} className="mt-1 h-10 w-52">
          {DASHBOARD_RANGES.map((r) => (
            <option key={r} value={r}>
              {t(`ranges.${r}`)}
            </option>
          ))}
        </Select>
      </div>
      {range === "custom" ? (
        <>
          {(["from", "to"] as const).map((f) => (
            <div key={f} className="w-40">
              <Label htmlFor={`${id}-${f}`}>{t(f)}</Label>
              <Input
                id={`${id}-${f}`}
                value={f === "from" ? from : to}
                onChange={(e) => (f === "from" ? setFrom : setTo)(e.target.value)}
                inputMode="numeric"
                placeholder="DD/MM/YYYY"
                autoComplete="off"
                maxLength={10}
                invalid={error?.field === f}
                aria-describedby={error?.field === f ? `${id}-${f}-error` : undefined}
                className="mt-1 h-10"
              />
              <FieldError id={`${id}-${f}-error`}>{error?.field === f ? error.text : null}</FieldError>
            </div>
          ))}
          <Button type="submit" variant="primary">
            {t("apply")}
          </Button>
        </>
      ) : null}
    </form>
  );
}

const displayDayIfIso = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? displayDay(day) : day);

function Figures({ d, stale }: { d: Dashboard; stale: boolean }) {
  const t = useTranslations("dashboard");
  const c = useTranslations("dashboard.columns");
  const id = useId();
  const period = d.from === d.to ? t("showingOne", { day: displayDay(d.from) }) : t("showing", { from: displayDay(d.from), to: displayDay(d.to) });
  const nothing = d.totals.visits === 0 && d.totals.noShows === 0 && d.totals.receiptsPaise === 0 && d.totals.creditNotesPaise === 0 && d.totals.platformPaise === 0 && d.platformWaiting.count === 0 && d.dues.bills === 0 && d.dues.unbilledVisits === 0;
  const serviceName = (s: Dashboard["byService"][number]) => s.label ?? t(`feeKinds.${s.feeKind}`);
  const rate = d.totals.expected ? `${((d.totals.noShows / d.totals.expected) * 100).toFixed(1)}%` : "—";
  const paiseCell = (p: number) => <span data-paise={p}>{formatPaise(p)}</span>;

  return (
    <div className="grid gap-6" aria-busy={stale} data-testid="dashboard" data-from={d.from} data-to={d.to}>
      <p className="text-sm font-medium text-ink-muted" role="status">
        {period}
      </p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Tile label={t("tiles.visits")} value={counts.format(d.totals.visits)} detail={`${t("tiles.newReturning")}: ${counts.format(d.totals.newPatients)} · ${counts.format(d.totals.returning)}`} />
        <Tile label={t("tiles.noShowRate")} value={rate} detail={d.totals.expected ? t("tiles.noShowOf", { noShows: counts.format(d.totals.noShows), expected: counts.format(d.totals.expected) }) : t("tiles.noShowNone")} />
        <Tile
          label={t("tiles.wait")}
          value={d.totals.averageWaitSeconds === null ? "—" : t("tiles.waitMinutes", { minutes: Math.round(d.totals.averageWaitSeconds / 60) })}
          detail={d.totals.averageWaitSeconds === null ? t("tiles.waitNone") : t("tiles.waitOf", { count: d.totals.waited })}
        />
        <Tile label={t("tiles.collected")} value={formatPaise(d.totals.collectedPaise)} detail={
            d.totals.platformPaise
              ? t("tiles.collectedDetailOnline", { receipts: formatPaise(d.totals.receiptsPaise), online: formatPaise(d.totals.platformPaise), refunds: formatPaise(d.totals.creditNotesPaise) })
              : t("tiles.collectedDetail", { receipts: formatPaise(d.totals.receiptsPaise), refunds: formatPaise(d.totals.creditNotesPaise) })
          } testId="tile-collected" />
        <Tile
          label={t("tiles.dues")}
          value={formatPaise(d.dues.billedPaise + d.dues.unbilledPaise)}
          detail={t("tiles.duesDetail", { bills: d.dues.bills, unbilled: d.dues.unbilledVisits })}
          testId="tile-dues"
        />
      </dl>
      {d.platformWaiting.count ? (
        <Card className="flex flex-wrap items-center gap-x-4 gap-y-2 border-warning p-4 text-sm text-ink" data-testid="platform-waiting">
          <p>{t("platformWaiting", { count: d.platformWaiting.count, amount: formatPaise(d.platformWaiting.paise) })}</p>
          <Link href={`/billing/reconcile?clinic=${encodeURIComponent(d.clinicId)}`} className={buttonClasses({ variant: "secondary" })}>
            {t("platformWaitingLink")}
          </Link>
        </Card>
      ) : null}
      {nothing ? (
        <Card className="p-6 text-sm text-ink-muted" data-testid="dashboard-empty">
          {t("empty")}
        </Card>
      ) : (
        <>
          <ChartCard id={`${id}-visits`} title={t("charts.visits")}>
            <DayBarsChart
              data={d.days.map((x) => ({ day: x.day, new: x.newPatients, returning: x.returning }))}
              series={[
                { key: "new", name: t("legend.new"), color: "var(--color-primary)" },
                { key: "returning", name: t("legend.returning"), color: "var(--color-warning)" },
              ]}
              formatValue={(v) => counts.format(v)}
              formatDay={shortDay}
            />
            <DashboardTable
              scroll
              testId="visits-table"
              caption={t("charts.visitsCaption")}
              columns={[c("day"), c("visits"), c("new"), c("returning"), c("noShows")]}
              rows={d.days.map((x) => ({ key: x.day, cells: [displayDay(x.day), counts.format(x.visits), counts.format(x.newPatients), counts.format(x.returning), counts.format(x.noShows)] }))}
              foot={[t("total"), counts.format(d.totals.visits), counts.format(d.totals.newPatients), counts.format(d.totals.returning), counts.format(d.totals.noShows)]}
            />
          </ChartCard>
          <ChartCard id={`${id}-collections`} title={t("charts.collections")}>
            <DayBarsChart data={d.days.map((x) => ({ day: x.day, collected: x.collectedPaise }))} series={[{ key: "collected", name: c("collected"), color: "var(--color-primary)" }]} formatValue={axisRupees} formatDay={shortDay} />
            <DashboardTable
              scroll
              testId="collections-table"
              caption={t("charts.collectionsCaption")}
              columns={[c("day"), c("collected")]}
              rows={d.days.map((x) => ({ key: x.day, cells: [displayDay(x.day), paiseCell(x.collectedPaise)] }))}
              foot={[t("total"), paiseCell(d.totals.collectedPaise)]}
            />
          </ChartCard>
          <div className="grid gap-6 xl:grid-cols-3">
            <Breakdown id={`${id}-method`} title={t("charts.byMethod")} column={c("method")} testId="method-table" items={d.byMethod.map((m) => ({ key: m.method, name: t(`methods.${m.method}`), paise: m.paise }))} total={d.totals.collectedPaise} />
            <Breakdown id={`${id}-doctor`} title={t("charts.byDoctor")} column={c("doctor")} testId="doctor-table" items={d.byDoctor.map((x) => ({ key: x.doctorId, name: x.doctorName || t("doctorUnknown"), paise: x.paise }))} total={d.totals.collectedPaise} />
            <Breakdown id={`${id}-service`} title={t("charts.byService")} column={c("service")} testId="service-table" items={d.byService.map((x) => ({ key: `${x.feeKind}|${x.label ?? ""}`, name: serviceName(x), paise: x.paise }))} total={d.totals.collectedPaise} />
          </div>
        </>
      )}
    </div>
  );
}

function Tile({ label, value, detail, testId }: { label: string; value: string; detail: string; testId?: string }) {
  return (
    <Card className="p-4" data-testid={testId}>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-ink">{value}</dd>
      <dd className="mt-1 text-xs text-ink-faint">{detail}</dd>
    </Card>
  );
}

function ChartCard({ id, title, children }: { id: string; title: string; children: [React.ReactNode, React.ReactNode] }) {
  return (
    <CardSection aria-labelledby={id} className="grid gap-4 p-4">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <div aria-hidden="true" className={`${CHART_HEIGHT} w-full`}>
        {children[0]}
      </div>
      {children[1]}
    </CardSection>
  );
}

function Breakdown({ id, title, column, items, total, testId }: { id: string; title: string; column: string; items: { key: string; name: string; paise: number }[]; total: number; testId: string }) {
  const t = useTranslations("dashboard");
  return (
    <CardSection aria-labelledby={id} className="grid content-start gap-4 p-4">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("noMoney")}</p>
      ) : (
        <>
          <div aria-hidden="true" className="h-48 w-full">
            <BreakdownChart data={items.map((i) => ({ name: i.name, value: i.paise }))} formatValue={axisRupees} color="var(--color-primary)" />
          </div>
          <DashboardTable
            testId={testId}
            caption={title}
            columns={[column, t("columns.amount")]}
            rows={items.map((i) => ({ key: i.key, cells: [i.name, <span key="a" data-paise={i.paise}>{formatPaise(i.paise)}</span>] }))}
            foot={[t("total"), formatPaise(total)]}
          />
        </>
      )}
    </CardSection>
  );
}
