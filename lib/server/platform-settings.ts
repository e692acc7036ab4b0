import "server-only";
import { env } from "@/lib/env";
import { platformMode } from "./platform-demo";

/** What an admin needs to register the clinic with the platform; never the secrets themselves. */
export function platformConnectionSummary() {
  const config = env();
  return {
    mode: platformMode(),
    baseUrl: config.platform.baseUrl,
    clientId: config.platform.clientId,
    timeoutMs: config.platform.timeoutMs,
    encryption: config.platform.encryption ? { enabled: true, kid: config.platform.encryption.kid } : { enabled: false },
    identityProvider: { issuer: config.appUrl, jwksUrl: `${config.appUrl}/.well-known/jwks.json` },
    database: config.databaseUrl ? "postgres" : "pglite",
  };
}
export type PlatformConnectionSummary = ReturnType<typeof platformConnectionSummary>;
