import { otherMethods } from "@/lib/server/route-methods";

/** Liveness ping: answers without touching the database or the platform (also the benchmark's no-op baseline). */
export function GET() {
  return Response.json({ ok: true }, { headers: { "cache-control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
