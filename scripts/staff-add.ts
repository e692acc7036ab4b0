/**
 * `npm run staff:add -- --email e --name "Full Name" --role doctor`
 * Adds a staff member; the password is read from standard input (typed, or piped).
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { cliConfig } from "./app-running";
import { NewStaff, ROLES } from "../lib/schemas/staff";
import { openDatabase } from "../lib/server/db/connect";
import { addStaff } from "../lib/server/auth/staff-repo";
import { DEMO_DOMAIN, isDemoAddress } from "../lib/server/auth/demo-staff";

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(`Usage: npm run staff:add -- --email <e-mail> --name "<full name>" --role <${ROLES.join("|")}>`);
  console.error("The password (at least 12 characters) is asked for, or read from standard input.");
  process.exit(2);
}

async function readPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (process.stdin.isTTY) {
    process.stdout.write("Password (not shown): ");
    // Hide what is typed: readline echoes through _writeToOutput.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
  }
  const line = await new Promise<string>((resolve) => rl.once("line", resolve).once("close", () => resolve("")));
  rl.close();
  if (process.stdin.isTTY) process.stdout.write("\n");
  return line.trim();
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" } } });
  if (!values.email || !values.name || !values.role) usage();
  // Demo addresses are the sandbox's own, with passwords printed in the README: never a real account.
  if (isDemoAddress(values.email)) usage(`Addresses @${DEMO_DOMAIN} are reserved for the sandbox's demo staff; use the staff member's real e-mail.`);
  const config = cliConfig(usage, "The app is running on the embedded database; stop it (Ctrl-C) and run this again.");
  const input = NewStaff.safeParse({ ...values, password: await readPassword() });
  if (!input.success) usage(input.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await addStaff(database.db, input.data);
    if (!result.created) usage(`A staff member with the e-mail ${input.data.email} already exists.`);
    console.log(`Added ${input.data.name} (${input.data.role}) as ${input.data.email}.`);
  } finally {
    await database.close();
  }
}

void main();
