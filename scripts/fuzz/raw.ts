/** Requests fetch cannot send: any method (TRACE), and bytes Node's HTTP parser refuses before the app sees them. */
import http from "node:http";
import net from "node:net";

export interface RawAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

/** One request with any method through node:http (fetch refuses TRACE and CONNECT). */
export function methodRequest(baseUrl: string, method: string, path: string, headers: Record<string, string>, body: string | Uint8Array | undefined, timeoutMs: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, baseUrl), { method, headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) }, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType: res.headers["content-type"] ?? null, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { name: "TimeoutError" })));
    req.on("error", reject);
    req.end(body);
  });
}

/** Bytes written to a socket as they are, and the status line, content type and body of whatever comes back. */
export function socketRequest(baseUrl: string, bytes: Buffer, timeoutMs: number): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname === "localhost" ? "127.0.0.1" : hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(Object.assign(new Error("timeout"), { name: "TimeoutError" })), timeoutMs);
    socket.on("connect", () => socket.write(bytes));
    socket.on("data", (c) => chunks.push(c));
    // A peer that resets after answering (Node does, past a refused request) still answered.
    socket.on("error", (err) => (chunks.length ? socket.destroy() : (clearTimeout(timer), reject(err))));
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("latin1");
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      if (!status) return reject(new Error(`no HTTP answer (${text.length} bytes)`));
      const [head = "", body = ""] = text.split("\r\n\r\n", 2);
      const contentType = /\r\ncontent-type: *([^\r\n]*)/i.exec(head)?.[1] ?? null;
      resolve({ status: Number(status[1]), contentType, body });
    });
  });
}

/** What Node's parser refuses itself, before any app code runs: answered with a bare 400, 413 or 431. */
export const PARSER_CASES: { name: string; bytes: (host: string) => Buffer }[] = [
  { name: "60 KB cookie", bytes: (host) => Buffer.from(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\nCookie: a=${"x".repeat(60 * 1024)}\r\nConnection: close\r\n\r\n`) },
  { name: "100 KB address", bytes: (host) => Buffer.from(`GET /api/health?q=${"x".repeat(100 * 1024)} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`) },
  { name: "CR in a header value", bytes: (host) => Buffer.from(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\nX-A: a\rb\r\nConnection: close\r\n\r\n`) },
  { name: "LF inside a header value", bytes: (host) => Buffer.from(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\nX-A: a\nb c\r\nConnection: close\r\n\r\n`) },
  { name: "NUL in a header value", bytes: (host) => Buffer.from(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\nX-A: a\u0000b\r\nConnection: close\r\n\r\n`, "latin1") },
  { name: "NUL in the address", bytes: (host) => Buffer.from(`GET /api/he\u0000alth HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, "latin1") },
  { name: "unknown method", bytes: (host) => Buffer.from(`FOO /api/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`) },
  { name: "lower-case method", bytes: (host) => Buffer.from(`get /api/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`) },
  { name: "space in a header name", bytes: (host) => Buffer.from(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\nX A: b\r\nConnection: close\r\n\r\n`) },
  { name: "two Content-Lengths", bytes: (host) => Buffer.from(`POST /api/patients HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 1\r\nContent-Length: 2\r\nConnection: close\r\n\r\nxx`) },
  { name: "Content-Length and chunked", bytes: (host) => Buffer.from(`POST /api/patients HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`) },
  { name: "bad chunk size", bytes: (host) => Buffer.from(`POST /api/patients HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\nx\r\n0\r\n\r\n`) },
  { name: "HTTP/2 preface", bytes: () => Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") },
  { name: "no Host", bytes: () => Buffer.from("GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n") },
];
