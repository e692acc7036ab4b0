import { can, type Action } from "./access";
import type { Role } from "./schemas/staff";

/**
 * The action each desk page needs, by its address: the most specific prefix wins. The pages check
 * it themselves too; the desk layout checks it first, before the page streams behind its loading
 * skeleton, so a refusal is answered with HTTP 403 instead of a 200 carrying the refusal.
 */
const PAGE_ACTIONS: [RegExp, Action][] = [
  [/^\/patients\/new\/?$/, "patients.write"],
  [/^\/patients\/audit\/?$/, "patients.audit"],
  [/^\/patients\/[^/]+\/edit\/?$/, "patients.write"],
  [/^\/patients(\/|$)/, "patients.read"],
  [/^\/slots\/assistant\/?$/, "assistant.sessions"],
  [/^\/slots(\/|$)/, "slots.read"],
  [/^\/drugs(\/|$)/, "drugs.read"],
  [/^\/documents(\/|$)/, "documents.read"],
  [/^\/live(\/|$)/, "live.read"],
  [/^\/settings\/clinics\/?$/, "settings.write"],
  [/^\/settings\/erasures\/?$/, "patients.erase"],
  [/^\/settings(\/|$)/, "settings.read"],
  [/^\/appointments\/today(\/|$)/, "queue.read"],
  [/^\/print\/visits(\/|$)/, "queue.read"],
  [/^\/billing\/dashboard\/?$/, "billing.dashboard"],
  [/^\/billing\/reconcile\/?$/, "billing.reconcile"],
  [/^\/billing\/day-closes\/?$/, "billing.reopenDay"],
];

export function pageAction(pathname: string): Action | undefined {
  return PAGE_ACTIONS.find(([pattern]) => pattern.test(pathname))?.[1];
}

export function mayOpenPage(role: Role, pathname: string): boolean {
  const action = pageAction(pathname);
  return !action || can(role, action);
}
