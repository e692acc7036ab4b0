/**
 * The least any relay can cost: a plain node:http server that passes an upload's bytes on to the
 * sandbox with undici and its answer back, and does nothing else (no session, no checks, no copy,
 * no hash, no record). The documents suite times it beside the desk and the direct upload, so the
 * price of the extra hop on this machine is measured, not argued.
 * Usage: tsx bench/bare-relay.ts <port> <sandbox URL>
 */
import http from "node:http";
import { request } from "undici";

const [port, target] = process.argv.slice(2);
if (!port || !target) throw new Error("usage: bare-relay.ts <port> <sandbox URL>");

http
  .createServer(async (req, res) => {
    try {
      const headers: Record<string, string> = {};
      for (const name of ["content-type", "content-length", "authorization"]) {
        const value = req.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      const answer = await request(target + req.url, { method: "POST", headers, body: req });
      const body = Buffer.from(await answer.body.arrayBuffer());
      res.writeHead(answer.statusCode, { "content-type": String(answer.headers["content-type"] ?? "application/json") });
      res.end(body);
    } catch (err) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(String(err));
    }
  })
  .listen(Number(port), "127.0.0.1", () => console.log("ready"));
