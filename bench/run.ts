/** `npm run bench [suite…]`: runs the benchmark suites side by side and writes bench/results.md. */
import { existsSync, readFileSync } from "node:fs";
import { writeReport, type SuiteResult } from "./report";
import { jweRoundTrip } from "./suites/jwe";
import { bffOverhead } from "./suites/bff-overhead";
import { drugSearch } from "./suites/drug-search";
import { slotListing } from "./suites/slot-listing";
import { documentUploads } from "./suites/documents";
import { patientSearch } from "./suites/patient-search";
import { registrationRoundTrip } from "./suites/registration";
import { browserLatency } from "./suites/browser-latency";
import { webhookBench } from "./suites/webhooks";
import { queueBench } from "./suites/queue";
import { clusterBench } from "./suites/cluster";
import { registrationFaults, registrationFaultsCluster } from "./suites/registration-faults";
import { lighthouseBench } from "./suites/lighthouse";
import { waitingRoomBench } from "./suites/waiting-room";
import { abhaCounterBench } from "./suites/abha-counter";
import { billingDashboard } from "./suites/billing-dashboard";
import { receiptReadyBench } from "./suites/receipt-ready";
import { waitingRoomSoakBench } from "./suites/waiting-room-soak";

const SUITES: Record<string, () => Promise<SuiteResult>> = {
  jwe: jweRoundTrip,
  bff: bffOverhead,
  "drug-search": drugSearch,
  slots: slotListing,
  documents: documentUploads,
  patients: patientSearch,
  registration: registrationRoundTrip,
  browser: browserLatency,
  webhooks: webhookBench,
  queue: queueBench,
  cluster: clusterBench,
  "registration-faults": registrationFaults,
  "registration-faults-cluster": registrationFaultsCluster,
  lighthouse: lighthouseBench,
  "waiting-room": waitingRoomBench,
  abha: abhaCounterBench,
  "billing-dashboard": billingDashboard,
  "receipt-ready": receiptReadyBench,
  "waiting-room-soak": waitingRoomSoakBench,
};

async function main() {
  const wanted = process.argv.slice(2);
  const names = wanted.length ? wanted : Object.keys(SUITES);
  const results: SuiteResult[] = [];
  for (const name of names) {
    const suite = SUITES[name];
    if (!suite) throw new Error(`unknown suite ${name}; known: ${Object.keys(SUITES).join(", ")}`);
    console.log(`• ${name}`);
    const result = { ...(await suite()), measuredAt: new Date().toISOString() };
    for (const t of result.targets) console.log(`  ${t.met ? "✓" : "✗"} ${t.name}: ${t.value}`);
    results.push(result);
  }
  // Running some suites keeps the other suites' last results in the report.
  const previous: SuiteResult[] = wanted.length && existsSync("bench/results.json") ? (JSON.parse(readFileSync("bench/results.json", "utf8")) as { results: SuiteResult[] }).results : [];
  const merged = [...previous.filter((p) => !results.some((r) => r.title === p.title)), ...results];
  writeReport(merged);
  console.log("Wrote bench/results.md");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
