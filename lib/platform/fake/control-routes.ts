import type { Services, SandboxRoute } from "./context";
import { FaultPatch } from "./faults";

/** A test and demo helper under /__sandbox/: no auth, the sandbox listens on loopback only. */
export const controlRoute = (method: SandboxRoute["method"], path: string, name: string, handler: SandboxRoute["handler"]): SandboxRoute => ({
  method,
  pattern: `/__sandbox/${path}`,
  name: `control.${name}`,
  family: "sandbox",
  control: true,
  handler,
});

export function controlRoutes(s: Services): SandboxRoute[] {
  const route = controlRoute;
  return [
    route("GET", "health", "health", () => ({ body: { status: "ok" } })),
    route("GET", "faults", "faults.get", () => ({ body: s.faults.get() })),
    route("PUT", "faults", "faults.set", (ctx) => ({ body: s.faults.update(ctx.json(FaultPatch)) })),
    route("POST", "faults/reset", "faults.reset", () => ({ body: s.faults.reset() })),
    route("POST", "faults/rules", "faults.rules.add", (ctx) => ({ status: 201, body: s.faults.addRule(ctx.json(FaultPatch)) })),
    route("DELETE", "faults/rules/:id", "faults.rules.remove", (ctx) => (s.faults.removeRule(ctx.params.id!) ? { body: { removed: ctx.params.id } } : { status: 404, body: { error: "no such fault rule" } })),
    route("GET", "stats", "stats.get", () => ({ body: s.stats.snapshot() })),
    route("POST", "stats/reset", "stats.reset", () => {
      s.stats.reset();
      return { body: s.stats.snapshot() };
    }),
    route("POST", "tokens/expire-access", "tokens.expire", () => ({
      body: { status: "ok", generation: s.tokens.expireAllAccessTokens() },
    })),
  ];
}
