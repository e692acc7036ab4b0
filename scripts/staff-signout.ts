/**
 * `npm run staff:signout -- --email e`
 * Ends every session of a staff member on every app instance (a lost phone, a shared PC left signed in).
 */
import { parseArgs } from "node:util";
import { cliConfig } from "./app-running";
import { openDatabase } from "../lib/server/db/connect";
import { findStaffByEmail } from "../lib/server/auth/staff-repo";
import { endStaffSessions } from "../lib/server/auth/staff-sessions";
import { recordAudit } from "../lib/server/audit";

function usage(message?: string): never {
  if (message) console.error(message);
  console.error("Usage: npm run staff:signout -- --email <e-mail>");
  process.exit(2);
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: "string" } } });
  if (!values.email) usage();
  const config = cliConfig(usage, "The app is running on the embedded database: sign the staff member out from Settings → Staff sessions instead.");
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const member = await findStaffByEmail(database.db, values.email);
    if (!member) usage(`No staff member has the e-mail ${values.email}.`);
    const ended = await endStaffSessions(database.db, member.id);
    await recordAudit(database.db, { action: "sign-out-everywhere", resource: "session", resourceId: member.id, outcome: "ok", detail: { via: "staff:signout", sessionsEnded: ended } });
    console.log(`Signed ${member.name} out everywhere (${ended} session${ended === 1 ? "" : "s"} ended).`);
  } finally {
    await database.close();
  }
}

void main();
