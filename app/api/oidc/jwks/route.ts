import { services } from "@/lib/server/services";
import { otherMethods } from "@/lib/server/route-methods";

/** Public keys of the app's staff identity provider (served at /.well-known/jwks.json). */
export async function GET() {
  const { idp } = await services();
  return Response.json(await idp.jwks(), { headers: { "cache-control": "public, max-age=300" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
