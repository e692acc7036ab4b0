import type { RegistrationPending, RegistrationResult } from "../schemas/patients";

/** For tests that expect the platform to answer: a registration still being confirmed is a failure there. */
export function settled(outcome: RegistrationResult | RegistrationPending): RegistrationResult {
  if ("state" in outcome) throw new Error(`registration still being confirmed (since ${outcome.since})`);
  return outcome;
}
