/**
 * `npm run sandbox:emit -- <event> [--doctor id] [--patient id] [--clinic id] [--appointment id]`:
 * raises a platform event in the running sandbox, which delivers it to every matching webhook.
 */
import { parseArgs } from "node:util";
import { ConfigError, env } from "../lib/env";
import { demoCapability } from "../lib/platform/client";
import { SUBSCRIBABLE_EVENT_KINDS } from "../lib/platform/wire/webhook-names";

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      doctor: { type: "string" },
      patient: { type: "string" },
      clinic: { type: "string" },
      appointment: { type: "string" },
      sandbox: { type: "string" },
    },
  });
  const event = positionals[0] ?? "appointment.tele.dr_joined";
  if (!(SUBSCRIBABLE_EVENT_KINDS as readonly string[]).includes(event)) {
    console.error(`Unknown event kind "${event}". One of:\n  ${SUBSCRIBABLE_EVENT_KINDS.join("\n  ")}`);
    process.exit(2);
  }
  let base = values.sandbox;
  if (!base) {
    const config = env();
    if (!demoCapability(config.platform)) {
      console.error("PLATFORM_BASE_URL is set: events come from the real platform. Pass --sandbox <url> to target a sandbox.");
      process.exit(2);
    }
    base = config.platform.baseUrl;
  }
  const data = Object.fromEntries(
    Object.entries({ doctor_id: values.doctor, patient_id: values.patient, clinic_id: values.clinic, appointment_id: values.appointment }).filter(([, v]) => v),
  );
  const res = await fetch(`${base}/__sandbox/events`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ event, data }),
  }).catch((err: unknown) => {
    console.error(`The sandbox at ${base} is not answering (${String(err)}). Start the app (npm start) or the sandbox (npm run sandbox).`);
    process.exit(1);
  });
  const text = await res.text();
  if (!res.ok) {
    console.error(`The sandbox refused the event (${res.status}): ${text}`);
    process.exit(1);
  }
  const answer = JSON.parse(text) as { event_id: string; body: unknown; deliveries: { id: string; subscription_id: string; state: string }[] };
  console.log(JSON.stringify(answer.body, null, 2));
  if (answer.deliveries.length === 0) console.log("No subscription names this event kind; nothing was delivered. Connect the receiver first: Settings → Connect this app's receiver.");
  for (const d of answer.deliveries) console.log(`delivery ${d.id} → subscription ${d.subscription_id}: ${d.state}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
