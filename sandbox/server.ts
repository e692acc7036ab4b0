import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { PlatformDrugQuery } from "../lib/platform-contract/drugs";
import { SandboxConfig } from "../lib/schemas/sandbox-config";
import { authRoutes } from "./auth-routes";
import { makeAuthenticator } from "./authenticate";
import { parseJsonBody, type Handler, type Reply, type RequestContext, type Services } from "./context";
import { controlRoutes } from "./control-routes";
import { documentControlRoutes, documentRoutes } from "./document-routes";
import { drugRoutes } from "./drug-routes";
import { patientRoutes } from "./patient-routes";
import { slotRoutes } from "./slot-routes";
import { assistantSessionRoutes } from "./assistant-session-routes";
import { searchFormulary } from "./drug-search";
import { EventBus } from "./event-bus";
import { badRequest, errorBody, familyForPath, HttpError, type ApiFamily } from "./errors";
import { Faults, RequestStats } from "./faults";
import { loadFormulary } from "./formulary";
import { readBody, sendJson } from "./http-io";
import { checkEncryptionKeys, JweError, openEnvelope, resolveKey, sealPayload, type SharedKey } from "./jwe";
import { loggableRequestId, sandboxLogger, type Logger } from "./log";
import { Router } from "./router";
import { Store } from "./store";
import { TokenService } from "./tokens";
import { WebhookDelivery } from "./webhook-delivery";
import { webhookControlRoutes, webhookRoutes } from "./webhook-routes";

export interface RunningSandbox {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface SandboxOptions {
  logger?: Logger;
  /** Level of the default logger (LOG_LEVEL); ignored when `logger` is given. */
  logLevel?: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

const wantsEncryption = (req: IncomingMessage) => String(req.headers["x-encryption"] ?? "").trim().toUpperCase() === "JWE";

/** Starts the sandbox platform on its own node:http server; port 0 picks a free port. */
export async function startSandbox(input: SandboxConfig, options: SandboxOptions = {}): Promise<RunningSandbox> {
  const config = SandboxConfig.parse(input);
  const log = options.logger ?? sandboxLogger(options.logLevel);
  checkEncryptionKeys(config.encryptionKeys);
  const { index } = loadFormulary();
  // One throwaway search compiles the hot paths, so the first real request is as fast as the rest.
  searchFormulary(index, PlatformDrugQuery.parse({ query: "amoxycilin + clavulanic acid" }));
  const store = await Store.open(config.dataDir, log);
  const tokens = new TokenService(store, { accessSeconds: config.accessTokenTtlSeconds, refreshSeconds: config.refreshTokenTtlSeconds });
  const services: Services = {
    config,
    store,
    tokens,
    faults: new Faults(config.faults),
    stats: new RequestStats(),
    formulary: index,
    events: new EventBus(),
    log,
  };
  const authenticate = makeAuthenticator(tokens, services.faults);
  const router = new Router<Handler>();
  const webhookDelivery = new WebhookDelivery(services);
  const apiRoutes = [
    ...authRoutes(services, authenticate),
    ...drugRoutes(services, authenticate),
    ...patientRoutes(services, authenticate),
    ...webhookRoutes(services, authenticate),
    ...slotRoutes(services, authenticate),
    ...assistantSessionRoutes(services, authenticate),
    ...documentRoutes(services, authenticate),
  ];
  for (const r of apiRoutes) router.add(r);
  const sandboxRoutes = [...controlRoutes(services), ...webhookControlRoutes(services, webhookDelivery), ...documentControlRoutes(services)];
  if (config.controlRoutes) for (const r of sandboxRoutes) router.add(r);

  const closing = new AbortController();

  async function decrypt(req: IncomingMessage, raw: Buffer, family: ApiFamily, path: string): Promise<{ body: Buffer; key: SharedKey }> {
    try {
      if (raw.length === 0) {
        const kid = req.headers["x-encryption-kid"];
        return { body: raw, key: resolveKey(config.encryptionKeys, typeof kid === "string" ? kid : undefined) };
      }
      let envelope: unknown;
      try {
        envelope = JSON.parse(raw.toString("utf8"));
      } catch {
        throw new JweError("Encrypted body is not JSON");
      }
      const { plaintext, key } = await openEnvelope(envelope, config.encryptionKeys);
      return { body: plaintext, key };
    } catch (err) {
      if (!(err instanceof JweError)) throw err;
      log("warn", "encrypted request rejected", { path, family, reason: err.message, bytes: raw.length });
      throw new HttpError(400, "invalid_encryption", err.message);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? "GET";
    let family: ApiFamily = "sandbox";
    let path = "/";
    try {
      const url = new URL(req.url ?? "/", "http://sandbox.local");
      path = url.pathname;
      family = familyForPath(path);
      const match = router.match(method, path);
      if (match.kind === "not-found") throw new HttpError(404, "not_found", `No route for ${method} ${path}`);
      if (match.kind === "wrong-method") {
        throw new HttpError(405, "method_not_allowed", `${method} is not allowed on ${path}`, { allow: match.allowed.join(", ") });
      }
      const { route, params } = match;
      family = route.family;

      if (!route.control) {
        const unknown = [...new Set(url.searchParams.keys())].filter((name) => !route.query?.includes(name));
        if (unknown.length > 0) throw badRequest(`Unknown query parameter: ${unknown.join(", ")}`, "unknown_parameter");
        services.stats.count(route.name);
        const faults = services.faults;
        if (faults.shouldHang(path)) return; // never answered; close() ends the connection
        const latency = faults.latencyFor(path);
        if (latency > 0) await sleep(latency, closing.signal);
        if (faults.shouldFail(path)) throw new HttpError(503, "service_unavailable", "Service is temporarily unavailable (injected fault)");
      }

      let body = await readBody(req, route.maxBodyBytes);
      let key: SharedKey | undefined;
      if (!route.control && wantsEncryption(req)) ({ body, key } = await decrypt(req, body, family, path));

      const ctx: RequestContext = {
        req,
        url,
        path,
        params,
        route,
        rawBody: body,
        header: (name) => {
          const v = req.headers[name.toLowerCase()];
          return Array.isArray(v) ? v[0] : v;
        },
        json: (schema) => parseJsonBody(body, schema),
      };
      const reply: Reply = await route.handler(ctx);
      const status = reply.status ?? 200;
      if (key && status >= 200 && status < 300) {
        const sealed = await sealPayload(Buffer.from(JSON.stringify(reply.body ?? null)), key);
        sendJson(res, status, sealed, { ...reply.headers, "x-encryption": "JWE" });
      } else sendJson(res, status, reply.body, reply.headers);
    } catch (err) {
      if (err instanceof HttpError) {
        sendJson(res, err.status, errorBody(family, err.status, err.code, err.message), err.headers);
        return;
      }
      log("error", "unexpected error while answering", { method, path, error: err instanceof Error ? err.stack : String(err) });
      sendJson(res, 500, errorBody(family, 500, "internal_error", "The sandbox failed to answer; see its log"));
    }
  }

  const server = createServer((req, res) => {
    const started = performance.now();
    // One line per answer, with the app's request id, so a desk error can be followed here; the query may name a patient, so only the path.
    res.once("finish", () =>
      log("info", "request answered", {
        method: req.method,
        path: (req.url ?? "/").split("?")[0],
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
        requestId: loggableRequestId(req.headers["x-request-id"]),
      }),
    );
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;

  let closed: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    close() {
      closed ??= (async () => {
        closing.abort();
        webhookDelivery.stop();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        // Hanging and keep-alive connections would otherwise hold close() open forever.
        server.closeAllConnections();
        await stopped;
        await store.close();
      })();
      return closed;
    },
  };
}
