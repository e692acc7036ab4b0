"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Dashboard, DashboardQuery } from "@/lib/schemas/dashboard";
import { apiGet, buildPath, objectAnswer } from "./http";

const params = (q: DashboardQuery) => ({ clinicId: q.clinicId, range: q.range, ...(q.range === "custom" ? { from: q.from, to: q.to } : {}) });

/** The owner's dashboard for a clinic and period; the last period stays on screen while the next loads. */
export function useDashboard(q: DashboardQuery) {
  return useQuery({ queryKey: ["billing", "dashboard", params(q)], placeholderData: keepPreviousData, queryFn: ({ signal }) => apiGet("/api/billing/dashboard", params(q), objectAnswer<Dashboard>({ clinicId: "string", from: "string", to: "string", days: "array", totals: "object", byMethod: "array" }), signal) });
}

/** Where the accountant's CSV of the same period downloads from (a plain link: the browser saves it). */
export const dashboardCsvPath = (q: DashboardQuery) => buildPath("/api/billing/dashboard/export", params(q));
