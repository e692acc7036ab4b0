import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyAddress, endpointRefusal } from "./endpoint-guard";

const v4 = (a: number, b: number, c: number, d: number) => `${a}.${b}.${c}.${d}`;
const octet = fc.integer({ min: 0, max: 255 });
const hex = (n: number) => n.toString(16);
const mapped = (a: number, b: number, c: number, d: number) => `::ffff:${hex((a << 8) | b)}:${hex((c << 8) | d)}`;

describe("endpoint address classifier", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.1.2", "loopback"],
    ["10.0.0.5", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.10", "private"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.254", "cgnat"],
    ["169.254.169.254", "metadata"],
    ["169.254.10.1", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd00:ec2::254", "unique-local"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "metadata"],
    ["64:ff9b::a9fe:a9fe", "metadata"],
    ["2002:0a00:0001::1", "private"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["[::1]", "loopback"],
    ["not-an-address", "reserved"],
  ])("%s is %s", (ip, cls) => expect(classifyAddress(ip)).toBe(cls));

  it.each(["8.8.8.8", "1.1.1.1", "172.15.255.255", "172.32.0.1", "100.63.255.255", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("%s is public", (ip) =>
    expect(classifyAddress(ip)).toBeNull(),
  );

  it("property: every address in a refused IPv4 range is refused, also written as IPv4-mapped IPv6", () => {
    const ranges: [string, fc.Arbitrary<[number, number, number, number]>][] = [
      ["loopback", fc.tuple(fc.constant(127), octet, octet, octet)],
      ["private", fc.tuple(fc.constant(10), octet, octet, octet)],
      ["private", fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet)],
      ["private", fc.tuple(fc.constant(192), fc.constant(168), octet, octet)],
      ["cgnat", fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), octet, octet)],
    ];
    for (const [cls, arb] of ranges) {
      fc.assert(
        fc.property(arb, ([a, b, c, d]) => {
          expect(classifyAddress(v4(a, b, c, d))).toBe(cls);
          expect(classifyAddress(mapped(a, b, c, d))).toBe(cls);
          expect(classifyAddress(`::ffff:${v4(a, b, c, d)}`)).toBe(cls);
        }),
      );
    }
  });

  it("property: an IPv4 address and its IPv4-mapped IPv6 forms always get the same answer", () => {
    fc.assert(
      fc.property(octet, octet, octet, octet, (a, b, c, d) => {
        const direct = classifyAddress(v4(a, b, c, d));
        expect(classifyAddress(mapped(a, b, c, d))).toBe(direct);
        expect(classifyAddress(`0:0:0:0:0:ffff:${v4(a, b, c, d)}`)).toBe(direct);
      }),
    );
  });

  it("property: anything in fc00::/7 or fe80::/10 is refused", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0xfc00, max: 0xfdff }), fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 7, maxLength: 7 }), (first, rest) => {
        expect(classifyAddress([first, ...rest].map(hex).join(":"))).toBe("unique-local");
        expect(classifyAddress([0xfe80 | (first & 0x3f), ...rest].map(hex).join(":"))).toBe("link-local");
      }),
    );
  });
});

describe("subscription endpoint guard (no real DNS: an injected resolver)", () => {
  const resolveTo = (...addresses: string[]) => async () => addresses;
  const live = { demoPlatform: false, allow: [] as string[] };

  it("lets anything through in sandbox mode", async () => {
    expect(await endpointRefusal("http://localhost:3000/api/webhooks/platform", { demoPlatform: true, allow: [] })).toBeNull();
  });

  it("needs https: outside sandbox mode", async () => {
    expect(await endpointRefusal("http://hooks.example.test/x", { ...live, resolve: resolveTo("93.184.216.34") })).toMatch(/https:\/\//);
  });

  it("refuses a host that resolves to an internal address, naming the address and why", async () => {
    expect(await endpointRefusal("https://hooks.example.test/x", { ...live, resolve: resolveTo("93.184.216.34", "169.254.169.254") })).toMatch(/169\.254\.169\.254, the cloud metadata address/);
    expect(await endpointRefusal("https://127.0.0.1/x", live)).toMatch(/loopback/);
    expect(await endpointRefusal("https://[::ffff:a00:1]/x", live)).toMatch(/private network/);
    // WHATWG URL parsing turns these spellings of 127.0.0.1 into the dotted form before the check.
    expect(await endpointRefusal("https://2130706433/x", live)).toMatch(/loopback/);
    expect(await endpointRefusal("https://0x7f.1/x", live)).toMatch(/loopback/);
    expect(await endpointRefusal("https://localhost/x", { ...live, resolve: resolveTo("127.0.0.1", "::1") })).toMatch(/loopback/);
  });

  it("refuses a host that does not resolve", async () => {
    expect(await endpointRefusal("https://nowhere.example.test/x", { ...live, resolve: () => Promise.reject(new Error("ENOTFOUND")) })).toMatch(/could not be resolved/);
    expect(await endpointRefusal("https://empty.example.test/x", { ...live, resolve: resolveTo() })).toMatch(/could not be resolved/);
  });

  it("accepts a public address, and internal ones named on the allow-list (host, address or range)", async () => {
    expect(await endpointRefusal("https://hooks.example.test/x", { ...live, resolve: resolveTo("93.184.216.34") })).toBeNull();
    expect(await endpointRefusal("https://desk.clinic.lan/x", { demoPlatform: false, allow: ["desk.clinic.lan"], resolve: resolveTo("10.0.0.5") })).toBeNull();
    expect(await endpointRefusal("https://desk.clinic.lan/x", { demoPlatform: false, allow: ["10.0.0.5"], resolve: resolveTo("10.0.0.5") })).toBeNull();
    expect(await endpointRefusal("https://desk.clinic.lan/x", { demoPlatform: false, allow: ["10.0.0.0/24"], resolve: resolveTo("10.0.0.77") })).toBeNull();
    expect(await endpointRefusal("https://desk.clinic.lan/x", { demoPlatform: false, allow: ["10.0.0.0/24"], resolve: resolveTo("10.0.1.77") })).toMatch(/10\.0\.1\.77/);
    // The allow-list does not lift the https: rule.
    expect(await endpointRefusal("http://desk.clinic.lan/x", { demoPlatform: false, allow: ["desk.clinic.lan"], resolve: resolveTo("10.0.0.5") })).toMatch(/https:\/\//);
  });

  it("WEBHOOK_ON_PREMISE_RECEIVER is the one explicit setting that allows an http:// or private-network receiver; off by default", async () => {
    const onPremise = { demoPlatform: false, allow: [], onPremise: true, resolve: resolveTo("192.168.1.20") };
    expect(await endpointRefusal("http://192.168.1.20:3000/api/webhooks/platform", onPremise)).toBeNull();
    expect(await endpointRefusal("http://desk.clinic.lan:3000/api/webhooks/platform", onPremise)).toBeNull();
    expect(await endpointRefusal("https://desk.clinic.lan/api/webhooks/platform", onPremise)).toBeNull();
    // Still a URL, and still closed without the setting, naming it.
    expect(await endpointRefusal("not a url", onPremise)).toMatch(/fully qualified URL/);
    expect(await endpointRefusal("http://192.168.1.20:3000/api/webhooks/platform", { ...onPremise, onPremise: false })).toMatch(/https:\/\/.*WEBHOOK_ON_PREMISE_RECEIVER=true/);
    expect(await endpointRefusal("http://192.168.1.20:3000/api/webhooks/platform", { demoPlatform: false, allow: [], resolve: resolveTo("192.168.1.20") })).toMatch(/https:\/\//);
  });
});
