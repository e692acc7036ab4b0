import { services } from "@/lib/server/services";
import { otherMethods } from "@/lib/server/route-methods";

/** OIDC discovery document (served at /.well-known/openid-configuration). */
export async function GET() {
  const { idp } = await services();
  return Response.json(idp.configuration(), { headers: { "cache-control": "public, max-age=300" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
