import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compactDecrypt, CompactEncrypt, FlattenedEncrypt, flattenedDecrypt } from "jose";
import { decryptBytes, decryptCompact, decryptJson, encryptBytes, encryptCompact, encryptJson, jweKey, JweError, toCompact } from "./jwe";

const keyString = fc.string({ minLength: 16, maxLength: 16, unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") });
const json = fc.jsonValue().filter((v) => v !== undefined);

/** Flips one character of a Base64URL string so that the decoded bytes change. */
function tamper(b64: string, at: number): string {
  const bytes = Buffer.from(b64, "base64url");
  const i = at % bytes.length;
  bytes[i] = bytes[i]! ^ 0x01;
  return bytes.toString("base64url");
}

describe("JWE codec (dir + A128CBC-HS256, key = key+key)", () => {
  it("derives the 32-byte key from the key string written twice", () => {
    expect(jweKey("k1", "0123456789abcdef").bytes).toEqual(new TextEncoder().encode("0123456789abcdef0123456789abcdef"));
    expect(() => jweKey("k1", "short")).toThrow(JweError);
  });

  it("round-trips any JSON value and carries the kid and the spec's protected header", async () => {
    await fc.assert(
      fc.asyncProperty(keyString, json, async (k, value) => {
        const key = jweKey("kid-1", k);
        const envelope = await encryptJson(value, key);
        expect(envelope.kid).toBe("kid-1");
        expect(JSON.parse(Buffer.from(envelope.protected, "base64url").toString())).toEqual({ alg: "dir", enc: "A128CBC-HS256" });
        // What JSON itself can carry (it writes -0 as 0), not the generator's exact value.
        expect(await decryptJson(envelope, key)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 60 },
    );
  });

  it("uses a fresh IV every time", async () => {
    const key = jweKey("k", "0123456789abcdef");
    const a = await encryptJson({ same: true }, key);
    const b = await encryptJson({ same: true }, key);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it("rejects a tampered tag, ciphertext or iv", async () => {
    await fc.assert(
      fc.asyncProperty(keyString, fc.uint8Array({ minLength: 1, maxLength: 300 }), fc.constantFrom("tag", "ciphertext", "iv"), fc.nat(), async (k, bytes, part, at) => {
        const key = jweKey("k", k);
        const envelope = await encryptBytes(bytes, key);
        const altered = { ...envelope, [part]: tamper(envelope[part as "tag"], at) };
        await expect(decryptBytes(altered, key)).rejects.toBeInstanceOf(JweError);
      }),
      { numRuns: 60 },
    );
  });

  it("rejects the wrong key", async () => {
    await fc.assert(
      fc.asyncProperty(keyString, keyString, json, async (k1, k2, value) => {
        fc.pre(k1 !== k2);
        const envelope = await encryptJson(value, jweKey("k", k1));
        await expect(decryptJson(envelope, jweKey("k", k2))).rejects.toBeInstanceOf(JweError);
      }),
      { numRuns: 40 },
    );
  });

  it("decrypts a response that carries only ciphertext, iv and tag", async () => {
    const key = jweKey("k", "0123456789abcdef");
    const { ciphertext, iv, tag } = await encryptJson({ results: [1, 2] }, key);
    expect(await decryptJson({ ciphertext, iv, tag }, key)).toEqual({ results: [1, 2] });
  });

  it("writes and reads the compact form (empty encrypted-key part)", async () => {
    const key = jweKey("k", "0123456789abcdef");
    const compact = await encryptCompact({ a: 1 }, key);
    expect(compact.split(".")).toHaveLength(5);
    expect(compact.split(".")[1]).toBe("");
    expect(await decryptCompact(compact, key)).toEqual({ a: 1 });
    const envelope = await encryptJson({ b: 2 }, key);
    expect(await decryptCompact(toCompact(envelope), key)).toEqual({ b: 2 });
  });

  it("refuses bodies that are not envelopes, and other algorithms", async () => {
    const key = jweKey("k", "0123456789abcdef");
    await expect(decryptJson({ hello: "world" }, key)).rejects.toThrow(/not a JWE envelope/);
    const envelope = await encryptJson({ a: 1 }, key);
    const otherAlg = { ...envelope, protected: Buffer.from(JSON.stringify({ alg: "dir", enc: "A256GCM" })).toString("base64url") };
    await expect(decryptJson(otherAlg, key)).rejects.toBeInstanceOf(JweError);
  });

  it("interoperates with jose (an independent JOSE implementation) in both directions", async () => {
    await fc.assert(
      fc.asyncProperty(keyString, fc.uint8Array({ minLength: 0, maxLength: 2000 }), async (k, bytes) => {
        const key = jweKey("k", k);
        const ours = await encryptBytes(bytes, key);
        const viaJose = await flattenedDecrypt({ protected: ours.protected, iv: ours.iv, ciphertext: ours.ciphertext, tag: ours.tag }, key.bytes);
        expect(Buffer.from(viaJose.plaintext)).toEqual(Buffer.from(bytes));
        const theirs = await new FlattenedEncrypt(bytes).setProtectedHeader({ alg: "dir", enc: "A128CBC-HS256" }).encrypt(key.bytes);
        expect(Buffer.from(await decryptBytes(theirs, key))).toEqual(Buffer.from(bytes));
      }),
      { numRuns: 40 },
    );
    const key = jweKey("k", "0123456789abcdef");
    const compact = await new CompactEncrypt(new TextEncoder().encode('{"x":1}')).setProtectedHeader({ alg: "dir", enc: "A128CBC-HS256" }).encrypt(key.bytes);
    expect(await decryptCompact(compact, key)).toEqual({ x: 1 });
    const { plaintext } = await compactDecrypt(await encryptCompact({ y: 2 }, key), key.bytes);
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual({ y: 2 });
  });
});
