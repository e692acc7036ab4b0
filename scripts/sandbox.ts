/** `npm run sandbox`: the sandbox platform alone, configured from the environment. */
import { ConfigError, env, sandboxConfig } from "../lib/env";
import { startSandbox } from "../lib/platform/fake/server";

async function main() {
  let config;
  try {
    config = sandboxConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const sandbox = await startSandbox(config, { logLevel: env().logLevel, ownsProcess: true });
  console.log(`Sandbox platform listening on ${sandbox.url} (demo data, not for clinical use)`);
  const stop = async () => {
    await sandbox.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

void main();
