import "server-only";
import type { z } from "zod";
import { OidcTokenResponse } from "@/lib/platform/wire/auth";
import type { PlatformHttp } from "./http";

/** Token endpoints of the platform (spec 4.1 and platform notes). */
export function identityApi(http: PlatformHttp, clientId: string) {
  const path = (action: "verify" | "refresh") => `/connect-auth/v1/oidc-client/${encodeURIComponent(clientId)}/${action}`;
  return {
    verify: (idToken: string): Promise<z.infer<typeof OidcTokenResponse>> =>
      http({ method: "POST", path: path("verify"), auth: "none", body: { id_token: idToken }, schema: OidcTokenResponse }),
    refresh: (refreshToken: string): Promise<z.infer<typeof OidcTokenResponse>> =>
      http({ method: "POST", path: path("refresh"), auth: "none", body: { refresh_token: refreshToken }, schema: OidcTokenResponse }),
  };
}
export type IdentityApi = ReturnType<typeof identityApi>;
