import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchingKeyIndex, parseSignatureHeader, signatureHeader } from "./webhook-signature";

const key = fc.string({ minLength: 16, maxLength: 64 });
const body = fc.oneof(fc.string({ maxLength: 400 }), fc.json());
const time = fc.integer({ min: 1_600_000_000, max: 4_000_000_000 });

describe("webhook signature (t=…,v1=…)", () => {
  it("verifies what it signed, with any of several keys", () => {
    fc.assert(
      fc.property(key, key, body, time, (k1, k2, b, t) => {
        const parsed = parseSignatureHeader(signatureHeader([k2], t, b));
        expect(parsed?.timestamp).toBe(t);
        expect(matchingKeyIndex([k1, k2], parsed!, b)).toBe(k1 === k2 ? 0 : 1);
      }),
    );
  });

  it("refuses a changed body, a changed timestamp or another key", () => {
    fc.assert(
      fc.property(key, key, body, time, fc.nat(), (k, other, b, t, pos) => {
        fc.pre(k !== other);
        const parsed = parseSignatureHeader(signatureHeader([k], t, b))!;
        const changed = b.length ? b.slice(0, pos % b.length) + String.fromCharCode((b.charCodeAt(pos % b.length) + 1) % 65536) + b.slice((pos % b.length) + 1) : "x";
        expect(matchingKeyIndex([k], parsed, changed)).toBe(-1);
        expect(matchingKeyIndex([k], { ...parsed, timestamp: t + 1 }, b)).toBe(-1);
        expect(matchingKeyIndex([other], parsed, b)).toBe(-1);
      }),
    );
  });

  it("refuses a tampered signature digit", () => {
    fc.assert(
      fc.property(key, body, time, fc.integer({ min: 0, max: 63 }), (k, b, t, i) => {
        const header = signatureHeader([k], t, b);
        const sig = header.split("v1=")[1]!;
        const flipped = sig.slice(0, i) + (sig[i] === "0" ? "1" : "0") + sig.slice(i + 1);
        expect(matchingKeyIndex([k], parseSignatureHeader(`t=${t},v1=${flipped}`)!, b)).toBe(-1);
      }),
    );
  });

  it("never throws on arbitrary header text and only accepts the documented form", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (h) => {
        const parsed = parseSignatureHeader(h);
        if (parsed) {
          expect(parsed.signatures.every((s) => /^[0-9a-f]{64}$/.test(s))).toBe(true);
          expect(Number.isInteger(parsed.timestamp)).toBe(true);
        }
      }),
    );
    for (const bad of ["", "t=1", "v1=" + "a".repeat(64), "t=abc,v1=" + "a".repeat(64), "t=1,t=2,v1=" + "a".repeat(64), "t=1,v1=xyz", "garbage"]) {
      expect(parseSignatureHeader(bad), bad).toBeUndefined();
    }
    expect(parseSignatureHeader(`t=5, v1=${"A".repeat(64)}, v0=zzz`)).toEqual({ timestamp: 5, signatures: ["a".repeat(64)] });
  });
});
