import { z } from "zod";
import type { SandboxRoute } from "../../platform/fake/context";
import { ABDM_HEADERS, CERTS_PATH, ON_SHARE_PATH, SESSIONS_PATH, SessionRequest, SharePatient } from "../wire/share";
import { createFakeGateway, DEMO_SHARER, type FakeGateway } from "./gateway";

const Scan = z.strictObject({
  counter: z.string().trim().min(1).max(20).default("1"),
  /** Where the desk listens (its APP_URL): the sandbox does not otherwise know the desk. */
  desk_url: z.url({ protocol: /^https?$/ }),
  patient: SharePatient.optional(),
});

/**
 * The ABDM gateway's emulation inside the sandbox platform: the gateway-shaped paths (its keys, its
 * session API, the on-share receiver) and one control route, "a patient scans the facility QR at
 * counter N", which calls the desk's share callback signed as the gateway signs.
 */
export async function abdmGatewayRoutes(now: () => number, fetchImpl?: typeof fetch): Promise<{ gateway: FakeGateway; api: SandboxRoute[]; control: SandboxRoute[] }> {
  const gateway = await createFakeGateway({ now, fetch: fetchImpl });
  const route = (method: SandboxRoute["method"], pattern: string, name: string, handler: SandboxRoute["handler"]): SandboxRoute => ({ method, pattern, name, family: "sandbox", control: true, handler });
  return {
    gateway,
    api: [
      route("GET", CERTS_PATH, "abdm.certs", () => ({ body: gateway.jwks() })),
      route("POST", SESSIONS_PATH, "abdm.sessions", async (ctx) => {
        ctx.json(SessionRequest);
        return { body: { accessToken: await gateway.bearer(), expiresIn: 600, tokenType: "bearer" } };
      }),
      route("POST", ON_SHARE_PATH, "abdm.on-share", (ctx) => {
        // 202 with no body of note, as ABDM documents it; a REQUEST-ID sent again is taken once.
        gateway.receiveOnShare(ctx.json(z.unknown()), ctx.header(ABDM_HEADERS.requestId));
        return { status: 202, body: { status: "accepted" } };
      }),
    ],
    control: [
      route("POST", "/__sandbox/abdm/scan", "abdm.scan", async (ctx) => {
        const scan = ctx.json(Scan);
        const outcome = await gateway.scanAtCounter(scan.desk_url, scan.counter, scan.patient ?? DEMO_SHARER);
        return { status: 200, body: { request_id: outcome.requestId, desk_status: outcome.status, desk_answer: outcome.body } };
      }),
      route("GET", "/__sandbox/abdm/on-shares", "abdm.on-shares", () => ({ body: { on_shares: gateway.onShares() } })),
    ],
  };
}
