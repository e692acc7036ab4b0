"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/**
 * The dashboard's charts (recharts, loaded only on this page and only in the browser). They are
 * pictures of the tables beside them: hidden from screen readers and out of the tab order, since
 * each table carries the same figures in words and numbers.
 */
export interface Series {
  key: string;
  name: string;
  color: string;
}

const AXIS = { stroke: "var(--color-ink-faint)", fontSize: 12 };
const TOOLTIP_STYLE = { background: "var(--color-surface)", border: "1px solid var(--color-line)", color: "var(--color-ink)", borderRadius: 8 };

export function DayBarsChart({ data, series, formatValue, formatDay }: { data: Record<string, string | number>[]; series: Series[]; formatValue: (v: number) => string; formatDay: (day: string) => string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid stroke="var(--color-line)" vertical={false} />
        <XAxis dataKey="day" tickFormatter={(d: string) => formatDay(d)} tick={AXIS} stroke="var(--color-line-strong)" minTickGap={16} />
        <YAxis tickFormatter={(v: number) => formatValue(v)} tick={AXIS} stroke="var(--color-line-strong)" allowDecimals={false} width={80} />
        <Tooltip contentStyle={TOOLTIP_STYLE} labelFormatter={(d) => formatDay(String(d))} formatter={(v) => formatValue(Number(v))} cursor={{ fill: "var(--color-surface-sunken)" }} />
        {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12, color: "var(--color-ink-muted)" }} /> : null}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} stackId="day" fill={s.color} maxBarSize={56} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

export function BreakdownChart({ data, formatValue, color }: { data: { name: string; value: number }[]; formatValue: (v: number) => string; color: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ top: 4, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid stroke="var(--color-line)" horizontal={false} />
        <XAxis type="number" tickFormatter={(v: number) => formatValue(v)} tick={AXIS} stroke="var(--color-line-strong)" allowDecimals={false} />
        <YAxis type="category" dataKey="name" tick={AXIS} stroke="var(--color-line-strong)" width={120} />
        <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(v) => formatValue(Number(v))} cursor={{ fill: "var(--color-surface-sunken)" }} />
        <Bar dataKey="value" fill={color} maxBarSize={32} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
