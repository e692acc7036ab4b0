import "server-only";
import { env } from "@/lib/env";
import { processSingleton } from "./process-singleton";

/**
 * Set by scripts/peer-address.mjs, which the app's server process preloads: it overwrites this
 * header with the socket's peer address on every request, so a client cannot supply it.
 */
export const PEER_ADDRESS_HEADER = "x-clinic-peer-address";

/** Set by the same preload: the query exactly as the client sent it (Next rebuilds req.url from a parsed copy). */
export const RAW_QUERY_HEADER = "x-clinic-raw-query";

/**
 * The request's address with its query as sent, when the preload recorded it; otherwise req.url,
 * whose query Next has already decoded and re-encoded (malformed encodings turned into U+FFFD,
 * `__proto__` dropped).
 */
export function addressAsSent(req: Request, peerKnown = processSingleton("__clinicPeerAddress", () => false)): string {
  const query = peerKnown ? req.headers.get(RAW_QUERY_HEADER) : null;
  if (query === null) return req.url;
  return `${req.url.split("?")[0]}${query ? `?${query}` : ""}`;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const v = headers[name];
  return Array.isArray(v) ? v.join(",") : v;
}

const tidy = (address: string) => address.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");

/**
 * The caller's address, for throttling and the audit log. It is the socket's peer. An
 * `X-Forwarded-For` entry is believed only when the peer is one of TRUSTED_PROXY_ADDRESSES and
 * TRUSTED_PROXY_HOPS is set: walking from the right, each entry added by a trusted proxy is passed
 * over, at most that many hops, and the first address no trusted proxy vouches for is the client.
 * A client reaching an instance directly is its own peer, so its header is never read. Without the
 * peer (the server was started without the preload) nothing a client sends is believed: the
 * address is unknown and throttling then works per account alone.
 */
export function clientAddress(
  headers: HeaderBag,
  hops = env().trustedProxyHops,
  peerKnown = processSingleton("__clinicPeerAddress", () => false),
  trusted: readonly string[] = env().trustedProxyAddresses,
): string | undefined {
  const peerHeader = peerKnown ? header(headers, PEER_ADDRESS_HEADER) : undefined;
  const peer = peerHeader ? tidy(peerHeader).toLowerCase() : undefined;
  if (!peer) return undefined;
  if (hops === 0) return peer;
  const chain = [...(header(headers, "x-forwarded-for") ?? "").split(",").map((a) => tidy(a).toLowerCase()).filter(Boolean), peer];
  const isTrusted = (address: string) => trusted.includes(address) || trusted.includes(tidy(address));
  let at = chain.length - 1;
  for (let hop = 0; hop < hops && at > 0 && isTrusted(chain[at]!); hop++) at--;
  return chain[at];
}
