import { describe, expect, it } from "vitest";
import { isSameOrigin } from "./with-staff";

const APP_URL = "http://localhost:3000";
const post = (headers: Record<string, string>, url = "http://localhost:3000/api/patients") => new Request(url, { method: "POST", headers });

describe("same-origin check on mutations", () => {
  it("accepts the configured app URL and the host the browser addressed", () => {
    expect(isSameOrigin(post({ origin: "http://localhost:3000", host: "localhost:3000" }), APP_URL)).toBe(true);
    expect(isSameOrigin(post({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }), APP_URL)).toBe(true);
    expect(isSameOrigin(post({ "sec-fetch-site": "same-origin" }), APP_URL)).toBe(true);
  });

  it("refuses another site, a malformed Origin, and a request that says nothing about where it came from", () => {
    expect(isSameOrigin(post({ origin: "https://evil.example", host: "localhost:3000" }), APP_URL)).toBe(false);
    expect(isSameOrigin(post({ origin: "http://127.0.0.1:3000", host: "localhost:3000" }), APP_URL)).toBe(false);
    expect(isSameOrigin(post({ origin: "null", host: "localhost:3000" }), APP_URL)).toBe(false);
    expect(isSameOrigin(post({ "sec-fetch-site": "cross-site" }), APP_URL)).toBe(false);
    expect(isSameOrigin(post({}), APP_URL)).toBe(false);
  });
});
