import { checkHealth } from "@/lib/server/health";
import { otherMethods } from "@/lib/server/route-methods";

export async function GET() {
  const health = await checkHealth();
  return Response.json(health, { status: health.status === "ok" ? 200 : 503, headers: { "cache-control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
