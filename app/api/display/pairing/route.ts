import { DISPLAY_PAIRING_COOKIE } from "@/lib/display-cookies";
import { env } from "@/lib/env";
import { requestCookie } from "@/lib/server/auth/request-cookie";
import { db } from "@/lib/server/db";
import { clearDisplaySessionCookie, clearPairingCookie, displaySessionCookie, pairingCookie } from "@/lib/server/displays/cookies";
import { PAIRING_TTL_MS, pairingStatus, startPairing } from "@/lib/server/displays/displays";
import { ForbiddenError, ValidationError, problemResponse } from "@/lib/server/errors";
import { clientAddress } from "@/lib/server/request-info";
import { answerRequest } from "@/lib/server/request-context";
import { otherMethods } from "@/lib/server/route-methods";
import { isSameOrigin } from "@/lib/server/with-staff";

export const dynamic = "force-dynamic";

const noStore = { "cache-control": "no-store" };

function refuseQuery(req: Request) {
  const names = [...new Set(new URL(req.url).searchParams.keys())];
  if (names.length) throw new ValidationError(Object.fromEntries(names.map((n) => [n, `Unknown query parameter: ${n}`])), `Unknown query parameter${names.length > 1 ? "s" : ""}: ${names.join(", ")}`);
}

/** A TV asks for a pairing code (anyone may: the code pairs nothing until an admin enters it in Settings → Displays). */
export const POST = (req: Request) =>
  answerRequest(req, "POST display.pairing", async () => {
    try {
      if (!isSameOrigin(req, env().appUrl)) throw new ForbiddenError("This request did not come from the front-desk app.");
      refuseQuery(req);
      const { code, secret, expiresAt } = await startPairing(await db(), undefined, { address: clientAddress(req.headers) ?? null });
      const headers = new Headers({ ...noStore, "content-type": "application/json" });
      headers.append("set-cookie", pairingCookie(secret));
      // A display that asks for a code is no longer paired (it was revoked, or is being moved).
      headers.append("set-cookie", clearDisplaySessionCookie());
      return new Response(JSON.stringify({ code, expiresAt: expiresAt.toISOString(), ttlSeconds: Math.round(PAIRING_TTL_MS / 1000) }), { status: 201, headers });
    } catch (err) {
      return problemResponse(err);
    }
  });

/** The TV asks whether its code was entered; once it was, it receives its display session (once). */
export const GET = (req: Request) =>
  answerRequest(req, "GET display.pairing", async () => {
    try {
      refuseQuery(req);
      const { status, token } = await pairingStatus(await db(), requestCookie(req, DISPLAY_PAIRING_COOKIE));
      const headers = new Headers({ ...noStore, "content-type": "application/json" });
      if (token) {
        headers.append("set-cookie", displaySessionCookie(token));
        headers.append("set-cookie", clearPairingCookie());
      }
      return new Response(JSON.stringify(status), { status: 200, headers });
    } catch (err) {
      return problemResponse(err);
    }
  });

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
