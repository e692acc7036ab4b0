import { env } from "@/lib/env";
import { PriorityMarksInput } from "@/lib/schemas/counter-settings";
import { clinicPriorityMarks, savePriorityMarks } from "@/lib/server/counter-settings/priority-marks";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

/** Settings → Priority marks: the clinic's marks in order of precedence, retired ones last. */
export const GET = withStaff({ action: "settings.read" }, async ({ db }) => Response.json({ marks: await clinicPriorityMarks(db, env().opd.priorityMarks) }, { headers: { "cache-control": "no-store" } }));

/** Saves the whole list (order = precedence); a mark on visits is retired, never removed. */
export const PUT = withStaff({ action: "settings.write", body: PriorityMarksInput, bodyLimit: 8 * 1024 }, async ({ db, body, staff, audit }) => {
  const { before, after } = await savePriorityMarks(db, body, env().opd.priorityMarks, staff.id);
  await audit({ action: "save", resource: "priority_marks", outcome: "ok", detail: { before: before.map(summary), after: after.map(summary) } });
  return Response.json({ marks: after });
});

const summary = (m: { key: string; label: string | null; labelHi?: string | null; retired?: boolean }) => `${m.key}${m.retired ? " (retired)" : ""}: ${m.label ?? "—"} / ${m.labelHi ?? "—"}`;

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("GET", "PUT");
