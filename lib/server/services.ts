import "server-only";
import { env } from "@/lib/env";
import { database } from "./db";
import { identityProvider, type IdentityProvider } from "./auth/identity-provider";
import { createPlatform, type Platform } from "@/lib/platform/client";
import { drainDeskOutbox } from "./desk-outbox";
import { startRegistrationReconciler } from "./patients/registration-reconciler";
import { log } from "./log";
import { processSingletonAsync } from "./process-singleton";

interface Services {
  idp: IdentityProvider;
  platform: Platform;
}

/** The app instance's long-lived services, built once per process. */
export function services(): Promise<Services> {
  return processSingletonAsync("__clinicServices", async () => {
    const config = env();
    const db = await database();
    const idp = identityProvider(db.db, config.appUrl);
    const platform = createPlatform(config.platform, { database: db, idp, sealing: config.sealing });
    // Desk writes queued before a crash or restart are settled once at start.
    void drainDeskOutbox(db.db).catch((err) => log().warn({ err }, "desk outbox could not be drained at start"));
    // Registrations whose platform answer was lost (a timeout, a crash) are settled by asking the platform.
    startRegistrationReconciler(db.db, (member) => platform.forStaff(member).patients);
    return { idp, platform };
  });
}
