import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abdmGateway, type AbdmGateway } from "@/lib/abdm/client/gateway";
import { SANDBOX_GATEWAY, SHARE_CALLBACK_PATH } from "@/lib/abdm/wire/share";
import { abdmGatewaySettings } from "@/lib/platform/client";
import { startPlatformHarness, type PlatformHarness } from "@/lib/testing/platform-harness";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { receiveShare } from "./share-callback";

/**
 * The whole Scan & Share round on the sandbox, in-process: its control route plays "a patient scans
 * the facility QR at counter 1", the gateway emulation calls the desk's callback signed with its
 * key; the desk checks the token against the gateway's published keys (fetched from the sandbox,
 * as from the real gateway's certs endpoint), answers with the token, and sends on-share with a
 * bearer from the gateway's session API; the emulation receives it.
 */
describe("Scan & Share through the sandbox's ABDM gateway emulation", () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  let gw: AbdmGateway;

  beforeAll(async () => {
    t = await pgliteTestDatabase();
    h = await startPlatformHarness(t.database, {
      desk: async (req) => {
        if (new URL(req.url).pathname !== SHARE_CALLBACK_PATH) return new Response(null, { status: 404 });
        try {
          const out = await receiveShare({ db: t.database.db, keys: gw.keys, issuer: gw.issuer, hipId: gw.hipId, counters: { "*": "cl-opd" }, timeZone: "Asia/Kolkata" }, req);
          await gw.onShare(out.acknowledgement);
          return Response.json(out.acknowledgement, { status: out.status });
        } catch (err) {
          return Response.json({ code: (err as { extra?: { code?: string } }).extra?.code }, { status: (err as { status?: number }).status ?? 500 });
        }
      },
    });
    const settings = abdmGatewaySettings({ ...h.connection, emulator: true }, { cmId: "sbx" });
    expect(settings).toMatchObject({ baseUrl: h.sandboxUrl, hipId: SANDBOX_GATEWAY.hipId, issuer: SANDBOX_GATEWAY.issuer });
    gw = abdmGateway(settings!);
  });
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
  });

  it("a scan at counter 1 reaches the desk signed, gets a share token, and the gateway receives on-share; a repeat gets the same token", async () => {
    const scan = async () => {
      const res = await h.fetch(`${h.sandboxUrl}/__sandbox/abdm/scan`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ counter: "1", desk_url: h.deskUrl }) });
      expect(res.status).toBe(200);
      return (await res.json()) as { request_id: string; desk_status: number; desk_answer: { acknowledgement: { profile: { tokenNumber: string; expiry: number } } } };
    };
    const first = await scan();
    expect(first.desk_status).toBe(202);
    expect(first.desk_answer.acknowledgement.profile).toEqual({ context: "1", tokenNumber: "S-001", expiry: 1800 });
    const again = await scan();
    expect(again.desk_answer.acknowledgement.profile.tokenNumber).toBe("S-001");
    const received = (await (await h.fetch(`${h.sandboxUrl}/__sandbox/abdm/on-shares`)).json()) as { on_shares: { acknowledgement: { profile: { tokenNumber: string } }; response: { requestId: string } }[] };
    expect(received.on_shares.map((o) => [o.response.requestId, o.acknowledgement.profile.tokenNumber])).toEqual([
      [first.request_id, "S-001"],
      [again.request_id, "S-001"],
    ]);
  });

  it("a real gateway is configured only with all of its settings; without one and without the emulator, Scan & Share is off", () => {
    expect(abdmGatewaySettings({ baseUrl: "https://platform.example", emulator: false }, { cmId: "sbx" })).toBeUndefined();
    expect(abdmGatewaySettings({ baseUrl: "https://platform.example", emulator: false }, { cmId: "abdm", gatewayUrl: "https://gw.example", clientId: "c", clientSecret: "s", hipId: "IN123" })).toMatchObject({
      baseUrl: "https://gw.example",
      hipId: "IN123",
      cmId: "abdm",
    });
  });
});
