import { describe, expect, it } from "vitest";
import { FlattenedEncrypt, flattenedDecrypt } from "jose";
import { JweResponseEnvelope } from "../wire/jwe";
import { OidcTokenResponse } from "../wire/auth";
import { JweError, openEnvelope } from "./jwe";
import { call, CLIENT_ID, ENCRYPTION_KEY, ENCRYPTION_KID, sandboxForTests, signIn, start, tempDir, testConfig } from "./test-support";

// The client side of spec 5.1, written independently of the sandbox's own helpers.
const key = new TextEncoder().encode(ENCRYPTION_KEY + ENCRYPTION_KEY);
async function seal(payload: unknown, withKid: string | undefined = ENCRYPTION_KID, k = key) {
  const jwe = await new FlattenedEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: "dir", enc: "A128CBC-HS256" })
    .encrypt(k);
  return { protected: jwe.protected, iv: jwe.iv, ciphertext: jwe.ciphertext, tag: jwe.tag, ...(withKid ? { kid: withKid } : {}) };
}
async function open(body: unknown) {
  const env = JweResponseEnvelope.parse(body);
  const { plaintext, protectedHeader } = await flattenedDecrypt({ ...env, protected: env.protected! }, key);
  expect(protectedHeader).toMatchObject({ alg: "dir", enc: "A128CBC-HS256" });
  return JSON.parse(new TextDecoder().decode(plaintext));
}

const harness = sandboxForTests();
const verifyPath = `/connect-auth/v1/oidc-client/${CLIENT_ID}/verify`;
const JWE = { "x-encryption": "JWE" };

describe("JWE both ways", () => {
  it("decrypts an encrypted request and encrypts the answer", async () => {
    const r = await call(harness.sandbox.url, "POST", verifyPath, { body: await seal({ id_token: await harness.idp.sign() }), headers: JWE });
    expect(r.status).toBe(200);
    expect(r.headers.get("x-encryption")).toBe("JWE");
    expect(r.json.access_token).toBeUndefined();
    expect(Object.keys(r.json).sort()).toEqual(["ciphertext", "iv", "protected", "tag"]);
    OidcTokenResponse.parse(await open(r.json));
  });

  it("uses the only configured key when the envelope has no kid", async () => {
    const r = await call(harness.sandbox.url, "POST", verifyPath, { body: await seal({ id_token: await harness.idp.sign() }, undefined), headers: JWE });
    expect(r.status).toBe(200);
    OidcTokenResponse.parse(await open(r.json));
  });

  it("encrypts the answer of a GET that asked for JWE", async () => {
    const { access_token } = await signIn(harness.sandbox, harness.idp);
    const r = await call(harness.sandbox.url, "GET", "/svc-mcp/pharmacology/v1/search?query=ondansetron", {
      headers: { ...JWE, authorization: `Bearer ${access_token}` },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("x-encryption")).toBe("JWE");
    const plain = await open(r.json);
    expect(plain.results[0].generic_name).toBe("Ondansetron");
  });

  it("leaves plain requests plain", async () => {
    const r = await call(harness.sandbox.url, "POST", verifyPath, { body: { id_token: await harness.idp.sign() } });
    expect(r.headers.get("x-encryption")).toBeNull();
    OidcTokenResponse.parse(r.json);
  });

  it("answers 400 in the family's shape for broken envelopes", async () => {
    const good = await seal({ id_token: "x" });
    const cases: [string, unknown][] = [
      ["not an envelope", { hello: "world" }],
      ["unknown kid", { ...good, kid: "nope" }],
      ["altered ciphertext", { ...good, ciphertext: good.ciphertext.slice(0, -4) + "AAAA" }],
      ["wrong key", await seal({ id_token: "x" }, ENCRYPTION_KID, new TextEncoder().encode("f".repeat(32)))],
    ];
    for (const [label, body] of cases) {
      const r = await call(harness.sandbox.url, "POST", verifyPath, { body, headers: JWE });
      expect(r.status, label).toBe(400);
      expect(r.json.code, label).toBe("invalid_encryption");
      expect(typeof r.json.error, label).toBe("string");
    }
    const notJson = await call(harness.sandbox.url, "POST", verifyPath, { rawBody: "garbage", headers: JWE });
    expect(notJson.status).toBe(400);
    expect(notJson.json.error).toMatch(/not JSON/);
  });

  it("refuses JWE when no keys are configured", async () => {
    const dir = await tempDir();
    const plain = await start(testConfig(harness.idp, dir.dir, { encryptionKeys: {} }));
    try {
      const r = await call(plain.url, "POST", verifyPath, { body: await seal({ id_token: "x" }), headers: JWE });
      expect(r.status).toBe(400);
      expect(r.json.error).toMatch(/no encryption keys/);
    } finally {
      await plain.close();
      await dir.remove();
    }
  });

  it("refuses to start with a key of the wrong length", async () => {
    const dir = await tempDir();
    await expect(start(testConfig(harness.idp, dir.dir, { encryptionKeys: { short: "abc" } }))).rejects.toThrow(/16 bytes/);
    await dir.remove();
  });
});

describe("openEnvelope (node:crypto) against jose", () => {
  const keys = { [ENCRYPTION_KID]: ENCRYPTION_KEY };
  const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) % 256);
  async function sealBytes(plaintext: Uint8Array, header: Record<string, unknown> = { alg: "dir", enc: "A128CBC-HS256" }) {
    const jwe = await new FlattenedEncrypt(plaintext).setProtectedHeader(header).encrypt(key);
    return { protected: jwe.protected!, iv: jwe.iv!, ciphertext: jwe.ciphertext, tag: jwe.tag!, kid: ENCRYPTION_KID };
  }
  const rejects = (body: unknown, reason: RegExp) => expect(openEnvelope(body, keys)).rejects.toThrow(reason);

  it.each([0, 1, 15, 16, 17, 1_000_003])("opens a %i-byte plaintext sealed by jose, byte for byte", async (n) => {
    const plaintext = bytes(n);
    const { plaintext: opened } = await openEnvelope(await sealBytes(plaintext), keys);
    expect(Buffer.compare(opened, plaintext)).toBe(0);
  });

  it("opens what jose seals and jose opens what it seals back", async () => {
    const { plaintext, key: k } = await openEnvelope(await sealBytes(bytes(40)), keys);
    const { sealPayload } = await import("./jwe");
    const back = await sealPayload(plaintext, k);
    const { plaintext: again } = await flattenedDecrypt(back, key);
    expect(Buffer.compare(again, bytes(40))).toBe(0);
  });

  it("rejects altered tags, ivs, ciphertexts and protected headers", async () => {
    const good = await sealBytes(bytes(100));
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
    for (const field of ["tag", "iv", "ciphertext", "protected"] as const) {
      const altered = field === "protected" ? Buffer.from(JSON.stringify({ enc: "A128CBC-HS256", alg: "dir" })).toString("base64url") : flip(good[field]);
      await rejects({ ...good, [field]: altered }, /decryption failed/);
    }
    await rejects({ ...good, ciphertext: good.ciphertext.slice(0, -22) }, /malformed|decryption failed/);
    await rejects({ ...good, ciphertext: good.ciphertext + "!" }, /not a JWE envelope/);
    await rejects({ ...good, tag: good.tag.slice(0, -1) }, /malformed/);
  });

  it("rejects other algorithms, compression and critical headers", async () => {
    const good = await sealBytes(bytes(10));
    const header = (h: unknown) => ({ ...good, protected: Buffer.from(JSON.stringify(h)).toString("base64url") });
    await rejects(header({ alg: "dir", enc: "A256GCM" }), /only alg "dir"/);
    await rejects(header({ alg: "A128KW", enc: "A128CBC-HS256" }), /only alg "dir"/);
    await rejects(header({ alg: "dir", enc: "A128CBC-HS256", zip: "DEF" }), /malformed/);
    await rejects(header({ alg: "dir", enc: "A128CBC-HS256", crit: ["b64"] }), /malformed/);
    await rejects({ ...good, protected: "bm90IGpzb24" }, /malformed/);
    await expect(openEnvelope(good, { other: "0123456789abcdef" })).rejects.toBeInstanceOf(JweError);
  });
});
