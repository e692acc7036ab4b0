import { describe, expect, it } from "vitest";
import { installWiringForFile } from "@/lib/testing/process-wiring";
import { PEER_ADDRESS_HEADER, addressAsSent, clientAddress } from "./request-info";

installWiringForFile({ env: () => ({ trustedProxyHops: 0, trustedProxyAddresses: ["127.0.0.1", "::1"] }) }, "request-info.test.ts");

const LOOPBACK = ["127.0.0.1", "::1"];
const from = (peer: string, forwarded?: string) => ({ [PEER_ADDRESS_HEADER]: peer, ...(forwarded ? { "x-forwarded-for": forwarded } : {}) });

describe("the client address", () => {
  it("is the socket peer with no trusted proxies, whatever X-Forwarded-For says", () => {
    expect(clientAddress(from("::ffff:198.51.100.7", "203.0.113.9"), 0, true)).toBe("198.51.100.7");
    expect(clientAddress(new Headers(from("::ffff:198.51.100.7", "203.0.113.9, 10.0.0.1")), 0, true)).toBe("198.51.100.7");
  });

  it("is unknown when the peer header cannot be trusted (server started without the preload), proxies or not", () => {
    expect(clientAddress({ ...from("198.51.100.7", "203.0.113.9"), "x-real-ip": "203.0.113.10" }, 0, false)).toBeUndefined();
    // Before: with TRUSTED_PROXY_HOPS=1 and no known peer, the client's own header was believed.
    expect(clientAddress({ "x-forwarded-for": "203.0.113.9, 192.0.2.44" }, 1, false, LOOPBACK)).toBeUndefined();
  });

  it("takes X-Forwarded-For entries from a peer that is a trusted proxy, at most that many hops from the right", () => {
    // nginx on the same machine appended the client it saw (192.0.2.44); the client prepended a lie.
    expect(clientAddress(from("127.0.0.1", "203.0.113.9, 192.0.2.44"), 1, true, LOOPBACK)).toBe("192.0.2.44");
    expect(clientAddress(from("::ffff:127.0.0.1", "192.0.2.44"), 1, true, LOOPBACK)).toBe("192.0.2.44");
    expect(clientAddress(from("::1", "192.0.2.44"), 1, true, LOOPBACK)).toBe("192.0.2.44");
    // Two proxies: the outer one (10.0.0.2) is trusted too, so the entry before it is the client.
    expect(clientAddress(from("10.0.0.3", "203.0.113.9, 192.0.2.44, 10.0.0.2"), 2, true, ["10.0.0.2", "10.0.0.3"])).toBe("192.0.2.44");
  });

  it("ignores X-Forwarded-For from any peer that is not a configured proxy (an instance reached directly on its port)", () => {
    expect(clientAddress(from("198.51.100.7", "203.0.113.9"), 1, true, LOOPBACK)).toBe("198.51.100.7");
    expect(clientAddress(from("::ffff:198.51.100.7", "127.0.0.1"), 1, true, LOOPBACK)).toBe("198.51.100.7");
    // A second hop is believed only when the proxy that added it is trusted as well.
    expect(clientAddress(from("127.0.0.1", "203.0.113.9, 192.0.2.44"), 2, true, LOOPBACK)).toBe("192.0.2.44");
  });

  it("reads the proxies from TRUSTED_PROXY_ADDRESSES, loopback by default", () => {
    expect(clientAddress(from("127.0.0.1", "192.0.2.44"), 1, true)).toBe("192.0.2.44");
    expect(clientAddress(from("10.1.1.1", "192.0.2.44"), 1, true)).toBe("10.1.1.1");
  });
});

describe("the address as sent", () => {
  const req = (url: string, rawQuery?: string) => new Request(url, { headers: rawQuery === undefined ? {} : { "x-clinic-raw-query": rawQuery } });

  it("takes the query the preload recorded, which Next's rebuilt req.url no longer has", () => {
    // Next rebuilt "?q=%ff&__proto__=x" from its parsed copy as "?q=%EF%BF%BD".
    expect(addressAsSent(req("http://localhost/api/x?q=%EF%BF%BD", "q=%ff&__proto__=x"), true)).toBe("http://localhost/api/x?q=%ff&__proto__=x");
    expect(addressAsSent(req("http://localhost/api/x", ""), true)).toBe("http://localhost/api/x");
  });

  it("believes the header only when the preload is there to overwrite it", () => {
    expect(addressAsSent(req("http://localhost/api/x?q=a", "q=%ff"), false)).toBe("http://localhost/api/x?q=a");
    expect(addressAsSent(req("http://localhost/api/x?q=a"), true)).toBe("http://localhost/api/x?q=a");
  });
});
