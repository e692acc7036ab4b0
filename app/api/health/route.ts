import { checkHealth } from "@/lib/server/health";

export async function GET() {
  const health = await checkHealth();
  return Response.json(health, { status: health.status === "ok" ? 200 : 503, headers: { "cache-control": "no-store" } });
}
