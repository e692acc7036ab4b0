/**
 * The process's wiring as a test installed it in place of the real one: the configuration (env()),
 * the database (database(), db()), the services (services()) and who a route's request comes from
 * (route-wiring.ts). Vitest runs the unit suites in one module graph per worker (vitest.config.mts,
 * isolate: false), where a test cannot replace a module; these are its seams instead.
 *
 * Only lib/testing/process-wiring.ts writes the slot, and only under NODE_ENV=test; production code
 * never imports that module (eslint.config.mjs), so here the slot is always empty and each accessor
 * builds the real thing. A wiring left installed when the next test file starts fails that file
 * (lib/testing/real-clock.setup.ts).
 */
import type { AppEnv } from "./env";
import type { Database } from "./server/db/connect";
import type { Services } from "./server/services";
import type { RouteWiring } from "./server/route-wiring";

export interface InstalledWiring {
  /** What env() answers. */
  env?: () => AppEnv;
  /** What database() answers (db() is its `.db`). */
  database?: () => Promise<Database>;
  /** What services() answers. */
  services?: () => Promise<Services>;
  /** Who a staff or display route's request comes from, and where its denials and row owners are read and written. */
  routes?: Partial<RouteWiring>;
}

/** Written by lib/testing/process-wiring.ts alone: nothing here installs a wiring. */
const SLOT = Symbol.for("clinic.installedWiring");
type Holder = { [SLOT]?: InstalledWiring };

/** The wiring a test installed; undefined in production. */
export function installedWiring(): InstalledWiring | undefined {
  return (globalThis as Holder)[SLOT];
}
