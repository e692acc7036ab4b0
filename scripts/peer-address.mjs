// Preloaded into the app's server process (node --import): every request's peer address is
// written into a header the app trusts, replacing whatever the client sent under that name.
// A body still arriving when the answer has gone out (a 401 or 413 given before reading it) is
// discarded for at most BODY_DRAIN_MS, then the connection is closed: Node alone would keep
// reading a stalled or trickling body until its requestTimeout, 300 s.
// It also answers methods Next cannot serve (TRACE, PROPFIND…), which Next fails with a bare 500:
// the proxy answers those without a body, this one every one, body or not, before Next sees it.
import http from "node:http";
import { randomUUID } from "node:crypto";

const HEADER = "x-clinic-peer-address";
// The query exactly as sent: Next hands route handlers an address rebuilt from its parsed query, in
// which "%ff" has become U+FFFD and a `__proto__` parameter is gone, so the app reads it from here.
const QUERY_HEADER = "x-clinic-raw-query";
const BODY_DRAIN_MS = 30_000;
const SERVED = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;
/** The answer headers next.config.js gives every API answer: this answer never reaches Next. */
const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "cross-origin-opener-policy": "same-origin",
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

function refuseMethod(req, res) {
  const given = req.headers["x-request-id"];
  const id = typeof given === "string" && SAFE_ID.test(given) ? given : randomUUID();
  const allow = [...SERVED].join(", ");
  const body = JSON.stringify({ type: "about:blank", title: "Method not allowed", status: 405, detail: `The desk answers ${allow} only.`, instance: `urn:request:${id}` });
  res.writeHead(405, { ...SECURITY_HEADERS, "content-type": "application/problem+json", "cache-control": "no-store", allow, "x-request-id": id, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, ...rest) {
  if (event === "request" && req && req.headers) {
    if (!SERVED.has(req.method)) {
      refuseMethod(req, rest[0]);
      return true;
    }
    req.headers[HEADER] = (req.socket && req.socket.remoteAddress) || "";
    const at = typeof req.url === "string" ? req.url.indexOf("?") : -1;
    // Only printable ASCII travels in a header: anything else (raw bytes Node let through) is percent-encoded.
    req.headers[QUERY_HEADER] = at < 0 ? "" : req.url.slice(at + 1).replace(/[^\x21-\x7e]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0").slice(-2).toUpperCase()}`);
    const res = rest[0];
    res.once("finish", () => {
      if (req.complete || !req.socket) return;
      const socket = req.socket;
      // The app gave up on this body (408): nothing more of it is wanted.
      if (res.statusCode === 408) return void (socket.end(), setTimeout(() => socket.destroy(), 100).unref());
      const cut = setTimeout(() => socket.destroy(), BODY_DRAIN_MS);
      cut.unref();
      req.once("end", () => clearTimeout(cut));
      socket.once("close", () => clearTimeout(cut));
    });
  } else if (event === "listening") {
    // Slow headers: cut after 30 s (Node's check runs every 30 s, so within a minute) instead of 60.
    this.headersTimeout = Math.min(this.headersTimeout || 60_000, 30_000);
    if (this.requestTimeout && this.headersTimeout > this.requestTimeout) this.headersTimeout = this.requestTimeout;
  }
  return emit.call(this, event, req, ...rest);
};
globalThis.__clinicPeerAddress = true;
