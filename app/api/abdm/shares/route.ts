import { QueueDayQuery } from "@/lib/schemas/queue";
import { listShares } from "@/lib/server/abdm/shares";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

/** "Shared at the counter": today's ABDM Scan & Share arrivals at a clinic (the desk's own table; no platform call). */
export const GET = withStaff({ action: "queue.read", query: QueueDayQuery }, async ({ db, query, audit }) => {
  const shares = await listShares(db, query);
  await audit({ action: "list", resource: "abdm_share", outcome: "ok", detail: { clinicId: query.clinicId, day: query.day, count: shares.length } });
  return Response.json({ shares }, { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
