import "server-only";
import { env } from "@/lib/env";
import { processSingleton } from "./process-singleton";

/**
 * Set by scripts/peer-address.mjs, which the app's server process preloads: it overwrites this
 * header with the socket's peer address on every request, so a client cannot supply it.
 */
export const PEER_ADDRESS_HEADER = "x-clinic-peer-address";

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const v = headers[name];
  return Array.isArray(v) ? v.join(",") : v;
}

const tidy = (address: string) => address.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");

/**
 * The caller's address, for throttling and the audit log. It is the socket's peer; an
 * `X-Forwarded-For` entry is believed only behind TRUSTED_PROXY_HOPS proxies, taking the entry
 * that many hops from the right (each trusted proxy appends the address it saw). Without the
 * peer (the server was started without the preload) and no trusted proxies, the address is
 * unknown: throttling then works per account alone, and nothing a client sends is believed.
 */
export function clientAddress(headers: HeaderBag, hops = env().trustedProxyHops, peerKnown = processSingleton("__clinicPeerAddress", () => false)): string | undefined {
  const peerHeader = peerKnown ? header(headers, PEER_ADDRESS_HEADER) : undefined;
  const peer = peerHeader ? tidy(peerHeader) : undefined;
  if (hops === 0) return peer || undefined;
  const forwarded = (header(headers, "x-forwarded-for") ?? "").split(",").map(tidy).filter(Boolean);
  const chain = peer ? [...forwarded, peer] : forwarded;
  if (chain.length === 0) return undefined;
  const fromRight = peer ? hops : hops - 1;
  return chain[Math.max(0, chain.length - 1 - fromRight)];
}
