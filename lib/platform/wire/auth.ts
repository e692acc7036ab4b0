import { z } from "zod";

/** Answer of OIDC verify and OIDC refresh (spec 4.1, platform notes). */
export const OidcTokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  redirect_url: z.string().default(""),
  refresh_token: z.string().min(1),
  refresh_token_expires_in: z.number().int().positive(),
});
export type OidcTokenResponse = z.infer<typeof OidcTokenResponse>;

export const OidcVerifyBody = z.object({ id_token: z.string().min(1, "id_token is required") });
export const RefreshBody = z.object({ refresh_token: z.string().min(1, "refresh_token is required") });

/** Server-to-server login (platform notes). */
export const AccountLoginBody = z.object({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  api_key: z.string().optional(),
});
export const AccountLoginResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1),
  refresh_expires_in: z.number().int().positive(),
});

/** Error bodies, one shape per platform API family (platform notes). */
export const AuthErrorBody = z.object({ code: z.string(), error: z.string() });
export const ProfilesErrorBody = z.union([
  z.object({ error: z.object({ message: z.string(), code: z.string() }) }),
  z.object({ message: z.string(), code: z.string() }),
]);
export const DrErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  status_code: z.number().int(),
  success: z.literal(false),
});
export const NotificationErrorBody = z.object({ error: z.object({ message: z.string(), code: z.string() }) });
export const MedAssistErrorBody = z.object({ error: z.object({ code: z.string(), msg: z.string() }) });

/** Pulls a code and a message out of any of the platform's error shapes. */
export function readPlatformError(body: unknown): { code: string; message: string } | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  const inner = (b.error && typeof b.error === "object" ? b.error : b) as Record<string, unknown>;
  const code = typeof inner.code === "string" ? inner.code : typeof b.code === "string" ? b.code : undefined;
  const message =
    (typeof inner.message === "string" && inner.message) ||
    (typeof inner.msg === "string" && inner.msg) ||
    (typeof b.error === "string" && b.error) ||
    (typeof b.message === "string" && b.message) ||
    undefined;
  if (!code && !message) return null;
  return { code: code ?? "unknown", message: message ?? code ?? "unknown error" };
}
