import "server-only";
import { DISPLAY_COOKIE, DISPLAY_PAIRING_COOKIE } from "@/lib/display-cookies";
import { env } from "@/lib/env";
import { PAIRING_TTL_MS } from "./displays";

const secure = () => env().appUrl.startsWith("https://");
const cookie = (name: string, value: string, maxAgeSeconds: number) =>
  `${name}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure() ? "; Secure" : ""}`;

/** A display's session lasts until revoked; browsers keep a cookie at most 400 days, so the TV's stream renews it. */
export const displaySessionCookie = (token: string) => cookie(DISPLAY_COOKIE, token, 400 * 24 * 3600);
export const clearDisplaySessionCookie = () => cookie(DISPLAY_COOKIE, "", 0);
export const pairingCookie = (secret: string) => cookie(DISPLAY_PAIRING_COOKIE, secret, Math.ceil(PAIRING_TTL_MS / 1000) + 60);
export const clearPairingCookie = () => cookie(DISPLAY_PAIRING_COOKIE, "", 0);
