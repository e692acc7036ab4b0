import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Problem } from "@/lib/schemas/problem";
import { findNginx, nginxConfig } from "./cluster-nginx";
import { freePort } from "./free-port";

/**
 * The nginx of `npm run cluster`, run with its generated configuration in front of a stand-in
 * instance: what nginx refuses or cannot pass on itself is answered problem+json naming the
 * request, like the app's own answers, which pass through untouched.
 */
const nginx = findNginx();
if (!nginx) console.warn("cluster-nginx.test: skipped, nginx is not installed (.ci/run installs Debian's package).");

/** One raw HTTP/1.1 exchange, for requests no HTTP client would send. */
function raw(port: number, request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      text += chunk;
      const [head = "", body = ""] = text.split("\r\n\r\n");
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
      if (body.length >= length) socket.destroy();
    });
    socket.on("close", () => {
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
    socket.on("error", reject);
  });
}

/** The answer is nginx's own problem: its status, and the request it names in header and body alike. */
function expectProblem(answer: { status: number; headers: Record<string, string>; body: string }, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers["content-type"]).toBe("application/problem+json");
  const problem = Problem.parse(JSON.parse(answer.body));
  expect(problem.status).toBe(status);
  expect(problem.detail).toMatch(/\w/);
  const id = answer.headers["x-request-id"];
  expect(id).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
  expect(problem.instance).toBe(`urn:request:${id}`);
  return { problem, id };
}

describe.skipIf(!nginx)("nginx in front of the instances", () => {
  let dir: string;
  let port: number;
  let proxy: ChildProcess;
  let instance: http.Server;
  let instancePort: number;
  const seenIds: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "clinic-nginx-"));
    mkdirSync(path.join(dir, "temp"));
    instance = http.createServer((req, res) => {
      seenIds.push(String(req.headers["x-request-id"]));
      if (req.url === "/slow") return void setTimeout(() => res.end("late"), 3_000);
      if (req.url === "/api/refused") {
        res.writeHead(413, { "content-type": "application/problem+json" });
        return void res.end(JSON.stringify({ type: "about:blank", title: "The app's own", status: 413 }));
      }
      req.resume().on("end", () => res.end("instance"));
    });
    await new Promise<void>((resolve) => instance.listen(0, "127.0.0.1", resolve));
    instancePort = (instance.address() as AddressInfo).port;
    port = await freePort();
    const configFile = path.join(dir, "nginx.conf");
    writeFileSync(configFile, nginxConfig({ dir, listenPort: port, ipv6: false, instancePorts: [instancePort], readTimeoutSeconds: 1 }));
    const check = spawnSync(nginx!, ["-t", "-c", configFile, "-p", dir, "-e", path.join(dir, "error.log")], { encoding: "utf8" });
    expect(check.status, check.stderr).toBe(0);
    proxy = spawn(nginx!, ["-c", configFile, "-p", dir, "-e", path.join(dir, "error.log"), "-g", "daemon off;"], { stdio: "ignore" });
    for (let i = 0; i < 100; i++) {
      if (await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("nginx did not start");
  });

  afterAll(async () => {
    if (proxy?.exitCode === null) {
      const exited = new Promise((resolve) => proxy.once("exit", resolve));
      proxy.kill("SIGQUIT");
      await exited;
    }
    await new Promise((resolve) => instance?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("logs each request as a JSON line naming its id and the instance that answered, never the query a patient's name is in", async () => {
    const id = "access-log-check-1";
    const res = await fetch(`http://127.0.0.1:${port}/api/patients?q=Sunita%20Rao&mobile=9876543210`, { headers: { "x-request-id": id } });
    expect(res.status).toBe(200);
    await res.text();
    const read = () => readFileSync(path.join(dir, "nginx-access.log"), "utf8");
    for (let i = 0; i < 40 && !read().includes(id); i++) await new Promise((r) => setTimeout(r, 50));
    const log = read();
    const line = log.split("\n").find((l) => l.includes(id));
    expect(JSON.parse(line!)).toMatchObject({ requestId: id, method: "GET", path: "/api/patients", status: 200, instance: `127.0.0.1:${instancePort}`, instanceStatus: "200" });
    expect(log).not.toMatch(/Sunita|9876543210/);
    // A path is written as sent: an encoded "?" or byte stays encoded instead of reading as a query.
    const encoded = await fetch(`http://127.0.0.1:${port}/api/drugs%3Fq=x%FF`, { headers: { "x-request-id": "access-log-check-2" } });
    await encoded.text();
    for (let i = 0; i < 40 && !read().includes("access-log-check-2"); i++) await new Promise((r) => setTimeout(r, 50));
    const encodedLine = read().split("\n").find((l) => l.includes("access-log-check-2"));
    expect(JSON.parse(encodedLine!)).toMatchObject({ path: "/api/drugs%3Fq=x%FF" });
  });

  it("answers a body over the limit 413 before it is sent on, declared or streamed", async () => {
    const declared = await raw(port, `POST /api/documents HTTP/1.1\r\nHost: desk\r\nContent-Type: application/pdf\r\nContent-Length: 17000000\r\n\r\n`);
    expectProblem(declared, 413);
    const res = await fetch(`http://127.0.0.1:${port}/api/documents`, { method: "POST", body: Buffer.alloc(17_000_000) });
    expectProblem({ status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() }, 413);
  });

  it("answers an address, headers or a request line it cannot take as problems too", async () => {
    expectProblem(await raw(port, `GET /api/drugs?q=${"a".repeat(20_000)} HTTP/1.1\r\nHost: desk\r\n\r\n`), 414);
    expectProblem(await raw(port, `GET / HTTP/1.1\r\nHost: desk\r\nX-Padding: ${"a".repeat(40_000)}\r\n\r\n`), 431);
    expectProblem(await raw(port, "NOT A REQUEST\r\n\r\n"), 400);
    expectProblem(await raw(port, "GET / HTTP/1.1\r\nHost: desk\r\nBad Header\0: x\r\n\r\n"), 400);
    // The cases Node's parser answers bare when an instance is reached directly: here nginx's problems.
    expectProblem(await raw(port, `GET /api/health HTTP/1.1\r\nHost: desk\r\nCookie: a=${"x".repeat(60 * 1024)}\r\n\r\n`), 431);
    expectProblem(await raw(port, `GET /api/health?q=${"x".repeat(100 * 1024)} HTTP/1.1\r\nHost: desk\r\n\r\n`), 414);
    expectProblem(await raw(port, "GET /api/health HTTP/1.1\r\nHost: desk\r\nX-A: a\0b\r\n\r\n"), 400);
    expectProblem(await raw(port, "GET /api/health HTTP/1.1\r\nHost: desk\r\nX-A: a\rb\r\n\r\n"), 400);
    expectProblem(await raw(port, "get /api/health HTTP/1.1\r\nHost: desk\r\n\r\n"), 400);
    expectProblem(await raw(port, "TRACE /api/health HTTP/1.1\r\nHost: desk\r\n\r\n"), 405);
    expectProblem(await raw(port, "POST /api/patients HTTP/1.1\r\nHost: desk\r\nTransfer-Encoding: gzip\r\n\r\n"), 400);
  });

  it("answers an instance that is too slow 504", async () => {
    expectProblem(await raw(port, "GET /slow HTTP/1.1\r\nHost: desk\r\n\r\n"), 504);
  });

  it("passes the app's own answers through untouched, problems included", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/refused`);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ type: "about:blank", title: "The app's own", status: 413 });
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("instance");
  });

  it("hands on a safe request id and replaces any other with its own, for the instance and in the problem", async () => {
    seenIds.length = 0;
    await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-request-id": "desk-ref-0001" } });
    await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-request-id": 'x"}<script>' } });
    expect(seenIds[0]).toBe("desk-ref-0001");
    expect(seenIds[1]).toMatch(/^[0-9a-f]{32}$/);
    const tooLarge = (id: string) => raw(port, `POST / HTTP/1.1\r\nHost: desk\r\nX-Request-Id: ${id}\r\nContent-Length: 17000000\r\n\r\n`);
    expect(expectProblem(await tooLarge('x","status":200,"y":"'), 413).id).toMatch(/^[0-9a-f]{32}$/);
    expect(expectProblem(await tooLarge("desk-ref-0002"), 413).id).toBe("desk-ref-0002");
  });

  it("answers 502 when no instance is there, and a path of its own problem pages reaches nothing", async () => {
    const internal = await raw(port, "GET /__problem/413 HTTP/1.1\r\nHost: desk\r\n\r\n");
    expectProblem(internal, 404);
    const closed = new Promise((resolve) => instance.close(resolve));
    instance.closeAllConnections();
    await closed;
    expectProblem(await raw(port, "GET /api/drugs HTTP/1.1\r\nHost: desk\r\n\r\n"), 502);
  });

  it("writes every request it saw, refused and malformed ones too, as one line of JSON", async () => {
    // nginx writes a request's line once it has finished with it, a moment after the client has its answer.
    const read = () => readFileSync(path.join(dir, "nginx-access.log"), "utf8").trim().split("\n");
    for (let i = 0; i < 40 && !read().some((l) => l.includes('"status":502')); i++) await new Promise((r) => setTimeout(r, 50));
    const lines = read();
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.map((l) => (JSON.parse(l) as { status: number }).status)).toEqual(expect.arrayContaining([400, 413, 414, 431, 502, 504]));
  });
});
