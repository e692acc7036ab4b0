import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

/** Why an address must not receive the platform's signed POSTs; null for a public address. */
export type AddressClass = "unspecified" | "loopback" | "private" | "cgnat" | "link-local" | "metadata" | "unique-local" | "multicast" | "reserved" | "documentation";

function ipv4Bytes(ip: string): number[] | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

function ipv6Bytes(ip: string): number[] | null {
  let text = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "").toLowerCase();
  // A trailing dotted IPv4 (::ffff:1.2.3.4) becomes two hex groups.
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const v4 = ipv4Bytes(dotted[1]!);
    if (!v4) return null;
    text = `${text.slice(0, -dotted[1]!.length)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (s: string) => (s ? s.split(":") : []);
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
}

/** Whether the first `bits` bits of two addresses of the same family agree. */
function inPrefix(address: number[], net: number[], bits: number): boolean {
  for (let i = 0; i < address.length; i++) {
    const take = Math.max(0, Math.min(8, bits - i * 8));
    const mask = take === 0 ? 0 : (0xff << (8 - take)) & 0xff;
    if ((address[i]! & mask) !== (net[i]! & mask)) return false;
  }
  return true;
}
const inV4 = (b: number[], net: [number, number, number, number], bits: number) => inPrefix(b, net, bits);

function classifyV4(b: number[]): AddressClass | null {
  if (b[0] === 169 && b[1] === 254 && b[2] === 169 && b[3] === 254) return "metadata";
  if (inV4(b, [0, 0, 0, 0], 8)) return "unspecified";
  if (inV4(b, [127, 0, 0, 0], 8)) return "loopback";
  if (inV4(b, [10, 0, 0, 0], 8) || inV4(b, [172, 16, 0, 0], 12) || inV4(b, [192, 168, 0, 0], 16)) return "private";
  if (inV4(b, [100, 64, 0, 0], 10)) return "cgnat";
  if (inV4(b, [169, 254, 0, 0], 16)) return "link-local";
  if (inV4(b, [192, 0, 2, 0], 24) || inV4(b, [198, 51, 100, 0], 24) || inV4(b, [203, 0, 113, 0], 24)) return "documentation";
  if (inV4(b, [192, 0, 0, 0], 24) || inV4(b, [198, 18, 0, 0], 15) || inV4(b, [240, 0, 0, 0], 4)) return "reserved";
  if (inV4(b, [224, 0, 0, 0], 4)) return "multicast";
  return null;
}

/** The class of a literal IPv4 or IPv6 address (IPv4 inside IPv6 judged as IPv4), or null when it is public. */
export function classifyAddress(ip: string): AddressClass | null {
  const v4 = ipv4Bytes(ip);
  if (v4) return classifyV4(v4);
  const b = ipv6Bytes(ip);
  if (!b) return "reserved";
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 16)) return "unspecified";
  if (zeros(0, 15) && b[15] === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:ab:cd::).
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return classifyV4(b.slice(12));
  if (zeros(0, 12)) return classifyV4(b.slice(12));
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return classifyV4(b.slice(12));
  if (b[0] === 0x20 && b[1] === 0x02) return classifyV4(b.slice(2, 6));
  if ((b[0]! & 0xfe) === 0xfc) return "unique-local";
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return "link-local";
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return "private";
  if (b[0] === 0xff) return "multicast";
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return "documentation";
  if (b[0] === 0x01 && zeros(1, 8)) return "reserved";
  return null;
}

/** An allow-list entry (host name, address or CIDR range) that names this host or address. */
function allowed(entries: string[], host: string, address?: string): boolean {
  return entries.some((entry) => {
    if (entry === host || entry === address) return true;
    const [net, bitsText] = entry.split("/");
    if (!address || !bitsText || !net) return false;
    const bits = Number(bitsText);
    const a = ipv4Bytes(address) ?? ipv6Bytes(address);
    const n = ipv4Bytes(net) ?? ipv6Bytes(net);
    if (!a || !n || a.length !== n.length || !Number.isInteger(bits) || bits < 0 || bits > a.length * 8) return false;
    return inPrefix(a, n, bits);
  });
}

export type Resolve = (host: string) => Promise<string[]>;

const systemResolve: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((r) => r.address);
const RESOLVE_TIMEOUT_MS = 3000;

const CLASS_WORDS: Record<AddressClass, string> = {
  unspecified: "an unspecified address",
  loopback: "a loopback address (this machine)",
  private: "a private network address",
  cgnat: "a carrier-grade NAT address (100.64.0.0/10)",
  "link-local": "a link-local address",
  metadata: "the cloud metadata address",
  "unique-local": "a unique-local IPv6 address",
  multicast: "a multicast address",
  reserved: "a reserved address",
  documentation: "a documentation address",
};

/**
 * Why the platform must not be told to POST signed events to this endpoint, or null when it may.
 * Unless the sandbox is the platform (`demoPlatform`: its demo capability is present, and it delivers
 * on this machine), an http(s) endpoint must be https: and every address its host resolves to
 * must be public, unless the host or address is on WEBHOOK_ENDPOINT_ALLOW (on-premise receivers).
 * Checked at registration: a host that later re-resolves elsewhere (DNS rebinding) is the
 * platform's side to guard, so the allow-list stays the one way to name an internal receiver.
 * `onPremise` (WEBHOOK_ON_PREMISE_RECEIVER) is the one explicit exception for a platform and desk on a
 * clinic's own network: http:// and private or loopback addresses are then allowed.
 */
export async function endpointRefusal(
  endpoint: string,
  opts: { demoPlatform: boolean; allow: string[]; onPremise?: boolean; resolve?: Resolve },
): Promise<string | null> {
  if (opts.demoPlatform) return null;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "The address must be a fully qualified URL.";
  }
  if (opts.onPremise) return null;
  if (url.protocol !== "https:") return "The address must start with https:// (events carry patient details and join links). A receiver on the clinic's own network can be allowed with WEBHOOK_ON_PREMISE_RECEIVER=true.";
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (allowed(opts.allow, host)) return null;
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      const resolve = opts.resolve ?? systemResolve;
      addresses = await Promise.race([
        resolve(host),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), RESOLVE_TIMEOUT_MS).unref()),
      ]);
    } catch {
      return `The host ${host} could not be resolved.`;
    }
    if (addresses.length === 0) return `The host ${host} could not be resolved.`;
  }
  for (const address of addresses) {
    const cls = classifyAddress(address);
    if (cls && !allowed(opts.allow, host, address)) {
      return `The address resolves to ${address}, ${CLASS_WORDS[cls]}; the platform must not be sent there. An on-premise receiver can be allowed with WEBHOOK_ENDPOINT_ALLOW.`;
    }
  }
  return null;
}
