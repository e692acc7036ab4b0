import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { flattenedDecrypt } from "jose";
import { base64Chunks, base64Length } from "./base64-stream";
import { decryptBytes, encryptStream, jweKey } from "./jwe";

const key = jweKey("k1", "0123456789abcdef");

async function* chunked(bytes: Uint8Array, sizes: number[]) {
  let at = 0;
  let i = 0;
  while (at < bytes.length) {
    const n = Math.max(1, sizes[i++ % sizes.length] ?? 1);
    yield bytes.subarray(at, at + n);
    at += n;
  }
}

async function collect(chunks: AsyncIterable<Uint8Array>) {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
}

describe("streamed base64", () => {
  it("matches Buffer's base64 and base64url for any chunking", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.array(fc.integer({ min: 1, max: 17 }), { minLength: 1, maxLength: 5 }), async (bytes, sizes) => {
        for (const enc of ["base64", "base64url"] as const) {
          let text = "";
          for await (const t of base64Chunks(chunked(bytes, sizes), enc)) text += t;
          expect(text).toBe(Buffer.from(bytes).toString(enc));
          expect(base64Length(bytes.length, enc)).toBe(text.length);
        }
      }),
    );
  });
});

describe("encryptStream", () => {
  it("produces an envelope of the announced length that our decrypt and jose both open", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 4 }), async (bytes, sizes) => {
        const streamed = encryptStream(chunked(bytes, sizes), bytes.length, key);
        const text = await collect(streamed.chunks);
        expect(text.length).toBe(streamed.length);
        const envelope = JSON.parse(text.toString("utf8"));
        expect(Buffer.from(await decryptBytes(envelope, key)).equals(Buffer.from(bytes))).toBe(true);
        const { plaintext } = await flattenedDecrypt(envelope, key.bytes);
        expect(Buffer.from(plaintext).equals(Buffer.from(bytes))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it("handles a 3 MB plaintext in 64 KB chunks", async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 5);
    const streamed = encryptStream(chunked(bytes, [65536]), bytes.length, key);
    const text = await collect(streamed.chunks);
    expect(text.length).toBe(streamed.length);
    expect(Buffer.from(await decryptBytes(JSON.parse(text.toString()), key)).equals(bytes)).toBe(true);
  });

  it("fails when the source is shorter than announced", async () => {
    const streamed = encryptStream(chunked(randomBytes(10), [10]), 11, key);
    await expect(collect(streamed.chunks)).rejects.toThrow(/announced/);
  });
});
