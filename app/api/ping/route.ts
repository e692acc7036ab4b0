/** Liveness ping: answers without touching the database or the platform (also the benchmark's no-op baseline). */
export function GET() {
  return Response.json({ ok: true }, { headers: { "cache-control": "no-store" } });
}
