import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { PlatformDrugQuery } from "../wire/drugs";
import { SandboxConfig } from "../wire/sandbox-config";
import { authRoutes } from "./auth-routes";
import { makeAuthenticator } from "./authenticate";
import { sandboxApp } from "./app";
import type { Services } from "./context";
import { controlRoutes } from "./control-routes";
import { abdmGatewayRoutes } from "@/lib/abdm/fake/routes";
import { documentControlRoutes, documentRoutes } from "./document-routes";
import { drugRoutes } from "./drug-routes";
import { patientControlRoutes, patientRoutes } from "./patient-routes";
import { slotRoutes } from "./slot-routes";
import { assistantSessionRoutes } from "./assistant-session-routes";
import { searchFormulary } from "./drug-search";
import { EventBus } from "./event-bus";
import { Faults, RequestStats } from "./faults";
import { loadFormulary } from "./formulary";
import { checkEncryptionKeys } from "./jwe";
import { sandboxLogger, type Logger } from "./log";
import { Store } from "./store";
import { TokenService } from "./tokens";
import { WebhookDelivery } from "./webhook-delivery";
import { webhookControlRoutes, webhookRoutes } from "./webhook-routes";

export interface RunningSandbox {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The sandbox platform without a port: its Hono app's fetch handler, for a caller in the same process. */
export interface SandboxApp {
  /** Answers one platform request as the server would answer it over HTTP. */
  fetch(request: Request): Promise<Response>;
  /** Stops webhook delivery, ends held (hanging) requests and closes the store. */
  close(): Promise<void>;
}

export interface SandboxOptions {
  logger?: Logger;
  /** Level of the default logger (LOG_LEVEL); ignored when `logger` is given. */
  logLevel?: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /**
   * The process runs nothing but the sandbox and a launcher (the npm scripts), so @hono/node-server may
   * put its lighter Request/Response on globalThis: about half the CPU per request. Left off where the
   * sandbox shares a process with the app's code (tests), whose fetch objects stay Node's own.
   */
  ownsProcess?: boolean;
  /** The platform's clock; a test stands it on the day it needs (default: the system clock). */
  now?: () => number;
  /**
   * How the sandbox reaches others: the identity provider's JWKS and webhook endpoints (default: the
   * global fetch). A process that holds those parts itself (the unit tests) hands in one that answers in-process.
   */
  fetch?: typeof fetch;
}

/** The app and its two steps of shutting down, which a server puts its connections' closing between. */
interface BuiltSandbox {
  app: ReturnType<typeof sandboxApp>;
  /** Ends held (hanging) requests and stops webhook delivery. */
  stop(): void;
  closeStore(): Promise<void>;
}

/** Builds the sandbox platform as a Hono app without listening anywhere; {@link startSandbox} puts it on a port. */
export async function createSandbox(input: SandboxConfig, options: SandboxOptions = {}): Promise<SandboxApp> {
  const built = await buildSandbox(input, options);
  let closed: Promise<void> | undefined;
  return {
    fetch: async (request) => built.app.fetch(request),
    close() {
      closed ??= (built.stop(), built.closeStore());
      return closed;
    },
  };
}

/** The search's hot paths are compiled once per process, by the first sandbox built in it. */
let warmedUp = false;

async function buildSandbox(input: SandboxConfig, options: SandboxOptions): Promise<BuiltSandbox> {
  const config = SandboxConfig.parse(input);
  const log = options.logger ?? sandboxLogger(options.logLevel);
  checkEncryptionKeys(config.encryptionKeys);
  const { index } = loadFormulary();
  // One throwaway search compiles the hot paths, so the first real request is as fast as the rest.
  if (!warmedUp) {
    searchFormulary(index, PlatformDrugQuery.parse({ query: "amoxycilin + clavulanic acid" }));
    warmedUp = true;
  }
  const store = await Store.open(config.dataDir, log);
  const now = options.now ?? Date.now;
  const tokens = new TokenService(store, { accessSeconds: config.accessTokenTtlSeconds, refreshSeconds: config.refreshTokenTtlSeconds }, now);
  const services: Services = {
    config,
    store,
    tokens,
    faults: new Faults(config.faults),
    stats: new RequestStats(),
    formulary: index,
    events: new EventBus(now),
    log,
    now,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
  };
  const authenticate = makeAuthenticator(tokens, services.faults);
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
  // The ABDM gateway's emulation (Scan & Share): its gateway-shaped paths, and a control route to play a scan.
  const abdm = await abdmGatewayRoutes(now, options.fetch);
  apiRoutes.push(...abdm.api);
  const sandboxRoutes = [...controlRoutes(services), ...webhookControlRoutes(services, webhookDelivery), ...documentControlRoutes(services), ...patientControlRoutes(services), ...abdm.control];

  const closing = new AbortController();
  const app = sandboxApp(services, [...apiRoutes, ...(config.controlRoutes ? sandboxRoutes : [])], closing.signal);
  return {
    app,
    stop() {
      closing.abort();
      webhookDelivery.stop();
    },
    closeStore: () => store.close(),
  };
}

/** Starts the sandbox platform (a Hono app on its own node:http server); port 0 picks a free port. */
export async function startSandbox(input: SandboxConfig, options: SandboxOptions = {}): Promise<RunningSandbox> {
  const config = SandboxConfig.parse(input);
  const sandbox = await buildSandbox(config, options);
  const server = createAdaptorServer({ fetch: sandbox.app.fetch, overrideGlobalObjects: options.ownsProcess === true }) as Server;
  // Idle keep-alive connections stay open longer than a client's pool keeps them (undici: 4 s), so a
  // client never sends a request down a connection the sandbox is closing at that moment (ECONNRESET
  // on a loaded machine, whose late timers made the 5 s default race the client's reuse).
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = 35_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.port, config.host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (err) {
    sandbox.stop();
    await sandbox.closeStore();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;

  let closed: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    close() {
      closed ??= (async () => {
        sandbox.stop();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        // Hanging and keep-alive connections would otherwise hold close() open forever.
        server.closeAllConnections();
        await stopped;
        await sandbox.closeStore();
      })();
      return closed;
    },
  };
}
