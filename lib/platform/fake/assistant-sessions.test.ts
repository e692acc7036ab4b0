import { describe, expect, it } from "vitest";
import { DEMO_EXPIRED_SESSION_ID, DEMO_LIVE_SESSION_ID, SESSION_TTL_SECONDS } from "./assistant-session-routes";
import { call, sandboxForTests } from "./test-support";

const harness = sandboxForTests();
const agent = { "x-agent-id": "agent-key-for-tests" };

const get = (path: string, headers: Record<string, string> = agent) => call(harness.sandbox.url, "GET", path, { headers });
const newSession = async (ttlSeconds: number) =>
  (await call(harness.sandbox.url, "POST", "/__sandbox/assistant-sessions", { body: { ttlSeconds } })).json as { session_id: string; token: string; expires_at: string };

describe("assistant sessions (spec 4.9 / 4.10)", () => {
  it("returns session_id and expires_at for a live session", async () => {
    const r = await get(`/med-assist/session/${DEMO_LIVE_SESSION_ID}`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(["expires_at", "session_id"]);
    expect(r.json.session_id).toBe(DEMO_LIVE_SESSION_ID);
    expect(Date.parse(r.json.expires_at)).toBeGreaterThan(Date.now());
  });

  it("requires x-agent-id, answers 404 for an unknown id and 400 for a non-UUID, in the med-assist shape", async () => {
    const noAgent = await get(`/med-assist/session/${DEMO_LIVE_SESSION_ID}`, {});
    expect(noAgent.status).toBe(401);
    const unknown = await get("/med-assist/session/00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: { code: "session_not_found", msg: expect.any(String) } });
    const bad = await get("/med-assist/session/not-a-uuid");
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("invalid_session_id");
  });

  it("refreshes a live session: new token, later expiry", async () => {
    const s = await newSession(60);
    const r = await get(`/med-assist/session/${s.session_id}/refresh`);
    expect(r.status).toBe(200);
    expect(r.json.session_id).toBe(s.session_id);
    expect(r.json.token).not.toBe(s.token);
    expect(Date.parse(r.json.expires_at)).toBeGreaterThan(Date.now() + (SESSION_TTL_SECONDS - 5) * 1000);
  });

  it("refreshes an expired session only with its own x-sess-token", async () => {
    const s = await newSession(-30);
    const looked = await get(`/med-assist/session/${s.session_id}`);
    expect(Date.parse(looked.json.expires_at)).toBeLessThan(Date.now());
    const without = await get(`/med-assist/session/${s.session_id}/refresh`);
    expect(without.status).toBe(401);
    expect(without.json.error.code).toBe("session_expired");
    const wrong = await get(`/med-assist/session/${s.session_id}/refresh`, { ...agent, "x-sess-token": "sess_wrong" });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.code).toBe("invalid_session_token");
    const ok = await get(`/med-assist/session/${s.session_id}/refresh`, { ...agent, "x-sess-token": s.token });
    expect(ok.status).toBe(200);
    // The old token is spent: the rotated one is the only key now.
    await call(harness.sandbox.url, "POST", `/__sandbox/assistant-sessions/${s.session_id}/expire`);
    expect((await get(`/med-assist/session/${s.session_id}/refresh`, { ...agent, "x-sess-token": s.token })).status).toBe(401);
    expect((await get(`/med-assist/session/${s.session_id}/refresh`, { ...agent, "x-sess-token": ok.json.token })).status).toBe(200);
  });

  it("keeps a demo session that has expired", async () => {
    const r = await get(`/med-assist/session/${DEMO_EXPIRED_SESSION_ID}`);
    expect(r.status).toBe(200);
    expect(Date.parse(r.json.expires_at)).toBeLessThan(Date.now());
  });
});
