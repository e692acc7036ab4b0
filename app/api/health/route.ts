import { checkHealth } from "@/lib/server/health";
import { otherMethods } from "@/lib/server/route-methods";

/**
 * 503 only when this instance cannot serve (its database is down), so a load balancer takes it
 * out; platform trouble is 200 with `status: "degraded"` and the reasons, because every instance
 * shares the platform and taking them all out would only hide the desk's own explanation.
 */
export async function GET() {
  const health = await checkHealth();
  return Response.json(health, { status: health.db.ok ? 200 : 503, headers: { "cache-control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
