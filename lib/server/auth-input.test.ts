import { describe, expect, it } from "vitest";
import { checkedAuthRequest, deskRedirect, isDeskReturnAddress } from "./auth-input";

const APP = "http://localhost:3000";
const keep = (req: Request) => (bytes: Buffer) => new Request(req.url, { method: req.method, headers: req.headers, body: bytes.length ? new Uint8Array(bytes) : undefined });
const check = (url: string, init: RequestInit = {}, action = "callback") => {
  const req = new Request(`${APP}${url}`, init);
  return checkedAuthRequest(req, action, APP, keep(req));
};
const form = (body: string, type = "application/x-www-form-urlencoded") => ({ method: "POST", headers: { "content-type": type }, body });

describe("what a browser sends to next-auth is checked before next-auth reads it", () => {
  it("refuses a NUL, a malformed encoding or a non-word in `error` with 400 (next-auth put them into a Location header and threw)", async () => {
    for (const qs of ["?error=%00", "?error=%ff", "?error=%E0%A4%B0", "?error=a%0d%0ab"]) await expect(check(`/api/auth/error${qs}`, {}, "error"), qs).rejects.toMatchObject({ status: 400 });
    await expect(check("/api/auth/error?error=CredentialsSignin", {}, "error")).resolves.toBeInstanceOf(Request);
  });

  it("refuses a callbackUrl that is not on this desk, in the query or the form", async () => {
    for (const value of ["%00", "javascript:alert(1)", "//evil.example/x", "https://evil.example/", "/%5Cevil", "http://localhost:3001/"]) {
      await expect(check(`/api/auth/signin?callbackUrl=${value}`, {}, "signin"), value).rejects.toMatchObject({ status: 400, extra: { errors: { callbackUrl: expect.any(String) } } });
      await expect(check("/api/auth/callback/credentials", form(`csrfToken=x&callbackUrl=${value}`)), value).rejects.toMatchObject({ status: 400 });
    }
    await expect(check("/api/auth/signin?callbackUrl=%2Fpatients%3Fq%3D%E0%A4%B0", {}, "signin")).resolves.toBeInstanceOf(Request);
    await expect(check("/api/auth/callback/credentials", form(`csrfToken=x&callbackUrl=${encodeURIComponent(`${APP}/`)}&json=true`))).resolves.toBeInstanceOf(Request);
  });

  it("answers 415 to a body that is not a form (JSON only to `session`), 400 to JSON that does not parse", async () => {
    for (const type of ["application/json", "text/plain", "multipart/form-data; boundary=x"]) await expect(check("/api/auth/callback/credentials", form("{", type)), type).rejects.toMatchObject({ status: 415 });
    await expect(check("/api/auth/session", form("{", "application/json"), "session")).rejects.toMatchObject({ status: 400 });
    await expect(check("/api/auth/session", form("null", "application/json"), "session")).rejects.toMatchObject({ status: 400 });
    await expect(check("/api/auth/session", form('{"csrfToken":"x"}', "application/json"), "session")).resolves.toBeInstanceOf(Request);
  });

  it("takes a client log line only at a level next-auth's logger has (an empty body or another word made it throw inside)", async () => {
    // Found by the hostile-input sweep (seed 39): "LOGGER_ERROR … is not a function" in the app's log.
    await expect(check("/api/auth/_log", { method: "POST" }, "_log")).rejects.toMatchObject({ status: 400, extra: { errors: { level: expect.any(String) } } });
    for (const level of ["", "constructor", "__proto__", "info", "toString"]) await expect(check("/api/auth/_log", form(`level=${level}&code=X`), "_log"), level).rejects.toMatchObject({ status: 400 });
    for (const level of ["error", "warn", "debug"]) await expect(check("/api/auth/_log", form(`level=${level}&code=CLIENT_FETCH_ERROR&message=x`), "_log"), level).resolves.toBeInstanceOf(Request);
    await expect(check("/api/auth/_log", form("{", "application/json"), "_log")).rejects.toMatchObject({ status: 415 });
  });

  it("refuses control characters and bad encodings in form fields, and hands the body on intact", async () => {
    await expect(check("/api/auth/callback/credentials", form("email=a%00b&password=x"))).rejects.toMatchObject({ status: 400 });
    await expect(check("/api/auth/callback/credentials", form("email=%ff"))).rejects.toMatchObject({ status: 400 });
    const passed = await check("/api/auth/callback/credentials", form("email=asha%40clinic.test&password=p%C3%A4ss+word"));
    expect(Object.fromEntries(new URLSearchParams(await passed.text()))).toEqual({ email: "asha@clinic.test", password: "päss word" });
  });
});

describe("next-auth's redirect callback", () => {
  it("never throws, and sends an address elsewhere home", () => {
    expect(deskRedirect({ url: "\u0000", baseUrl: APP })).toBe(APP);
    expect(deskRedirect({ url: "https://evil.example/", baseUrl: APP })).toBe(APP);
    expect(deskRedirect({ url: "//evil.example", baseUrl: APP })).toBe(APP);
    expect(deskRedirect({ url: "/patients", baseUrl: APP })).toBe(`${APP}/patients`);
    expect(deskRedirect({ url: `${APP}/queue`, baseUrl: APP })).toBe(`${APP}/queue`);
    expect(isDeskReturnAddress("/a\r\nb", APP)).toBe(false);
  });
});

describe("return addresses on the host the desk was opened on (issue 29 item 5)", () => {
  it("accepts the addressed host by APP_URL's scheme, and nothing else", () => {
    expect(isDeskReturnAddress("http://127.0.0.1:3000/login", "http://localhost:3000", "127.0.0.1:3000")).toBe(true);
    expect(isDeskReturnAddress("http://127.0.0.1:3000/login", "http://localhost:3000", null)).toBe(false);
    expect(isDeskReturnAddress("https://127.0.0.1:3000/login", "http://localhost:3000", "127.0.0.1:3000")).toBe(false);
    expect(isDeskReturnAddress("http://elsewhere.example/login", "http://localhost:3000", "127.0.0.1:3000")).toBe(false);
  });
});
