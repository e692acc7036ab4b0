import { z } from "zod";

export const FaultConfig = z.object({
  /** Extra delay added to every platform answer, in milliseconds. */
  latencyMs: z.number().int().min(0).max(120_000).default(0),
  /** Share of requests (0..1) answered with 503. */
  errorRate: z.number().min(0).max(1).default(0),
  /** Share of authenticated requests (0..1) answered with 401 whatever the token. */
  unauthorizedRate: z.number().min(0).max(1).default(0),
  /** Share of requests (0..1) that are never answered. */
  hangRate: z.number().min(0).max(1).default(0),
  /**
   * Answer 404 to what the spec does not document: the webhook subscription list and delete (the
   * notes' extras), as a platform that implements only spec 4.2 would.
   */
  specOnly: z.boolean().default(false),
  /** Only requests whose path starts with this are affected (empty: all). */
  pathPrefix: z.string().default(""),
  /**
   * Only requests whose x-request-id starts with this are affected (empty: all). The desk forwards
   * the id of the browser request it is answering, so a test can fault its own page's calls only.
   */
  requestIdPrefix: z.string().max(64).default(""),
});
export type FaultConfig = z.infer<typeof FaultConfig>;

export const OidcClientConfig = z.object({
  clientId: z.string().min(1),
  /** Expected `iss` of the id_token; its JWKS is read from `<issuer>/.well-known/jwks.json`. */
  issuer: z.string().url(),
  jwksUrl: z.string().url().optional(),
  clientSecret: z.string().optional(),
});
export type OidcClientConfig = z.infer<typeof OidcClientConfig>;

export const SandboxConfig = z.object({
  port: z.number().int().min(0).max(65535).default(4010),
  host: z.string().default("127.0.0.1"),
  dataDir: z.string().default(".data/sandbox"),
  accessTokenTtlSeconds: z.number().int().positive().default(1800),
  refreshTokenTtlSeconds: z.number().int().positive().default(30 * 24 * 3600),
  clients: z.array(OidcClientConfig).min(1),
  /** Shared JWE keys by kid. */
  encryptionKeys: z.record(z.string(), z.string().min(1)).default({}),
  faults: FaultConfig.default(FaultConfig.parse({})),
  /** Which demo slots other patients hold: the demo practice is a pure function of this seed and the date. */
  demoSeed: z.string().min(1).max(64).default("demo"),
  /** When true, the control routes under /__sandbox/ are served (tests, demos). */
  controlRoutes: z.boolean().default(true),
});
export type SandboxConfig = z.infer<typeof SandboxConfig>;
