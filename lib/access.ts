import type { Role } from "./schemas/staff";

/**
 * Every action a role may take at the desk. Navigation, pages, route handlers (`withStaff`'s
 * `action`) and the generated route × role test all read this one table, so a menu item, a button
 * and its API can never disagree.
 */
export const ACTIONS = [
  "patients.read",
  "patients.write",
  "patients.audit",
  "patients.erase",
  "slots.read",
  "slots.book",
  "assistant.sessions",
  "drugs.read",
  "documents.read",
  "documents.upload",
  "live.read",
  "live.hostLinks",
  "settings.read",
  "settings.write",
  "queue.read",
  "queue.update",
  "queue.walkIn",
  "display.feed",
  "queue.callUnpaid",
  "billing.read",
  "billing.collect",
  "billing.refund",
  "billing.configure",
  "billing.reopenDay",
  "billing.dashboard",
  "billing.reconcile",
] as const;
export type Action = (typeof ACTIONS)[number];

export const ROLE_PERMISSIONS = {
  // The front desk registers and edits patients, books, adds walk-ins, files documents and collects fees (a
  // pre-pay visit called before payment is its audited override); it keeps no settings.
  receptionist: ["patients.read", "patients.write", "slots.read", "slots.book", "drugs.read", "documents.read", "documents.upload", "live.read", "queue.read", "queue.update", "queue.walkIn", "queue.callUnpaid", "billing.read", "billing.collect", "billing.refund"],
  // Doctors read patients (never edit them here) and alone open the assistant's sessions and a consultation's host link.
  doctor: ["patients.read", "slots.read", "slots.book", "assistant.sessions", "drugs.read", "documents.read", "documents.upload", "live.read", "live.hostLinks", "queue.read", "queue.update"],
  // Admins keep the clinic's settings and price list, read the patient audit and erase a patient's data on their request; documents stay with the care team.
  // Doctors see paid / due on their queue rows only (through queue.read), never the till. The owner's dashboard (collections, the accountant's CSV) is the admin's alone.
  admin: ["patients.read", "patients.write", "patients.audit", "patients.erase", "slots.read", "slots.book", "drugs.read", "live.read", "settings.read", "settings.write", "queue.read", "queue.update", "queue.walkIn", "queue.callUnpaid", "billing.read", "billing.collect", "billing.refund", "billing.configure", "billing.reopenDay", "billing.dashboard", "billing.reconcile"],
} as const satisfies Record<Role, readonly Action[]>;

export function can(role: Role | undefined, action: Action): boolean {
  return !!role && (ROLE_PERMISSIONS[role] as readonly Action[]).includes(action);
}

/**
 * Who else than staff holds a session: a paired waiting-room display (Settings → Displays). It reads
 * its clinic's display feed (tokens and initials) and nothing else; no staff role reads that feed.
 */
export const PRINCIPAL_PERMISSIONS = {
  ...ROLE_PERMISSIONS,
  display: ["display.feed"],
} as const satisfies Record<Role | "display", readonly Action[]>;
export type Principal = keyof typeof PRINCIPAL_PERMISSIONS;

export function principalCan(principal: Principal | undefined, action: Action): boolean {
  return !!principal && (PRINCIPAL_PERMISSIONS[principal] as readonly Action[]).includes(action);
}

/**
 * Actions a role takes only on its own rows: a doctor changes their own appointments and hosts their
 * own consultations; the front desk and admins work on every doctor's.
 */
export const OWN_ROWS_ONLY = {
  doctor: ["queue.update", "live.hostLinks"],
} as const satisfies Partial<Record<Role, readonly Action[]>>;

/** Who asks about a row: their role and, for a doctor, the platform doctor their staff record is linked to. */
export interface RowViewer {
  role: Role;
  doctorId: string | null;
}

/** Whether `role` takes `action` only on its own rows (so the row's owner must be asked). */
export function ownRowsOnly(role: Role, action: Action): boolean {
  return (OWN_ROWS_ONLY as Partial<Record<Role, readonly Action[]>>)[role]?.includes(action) ?? false;
}

/** Why `viewer` may not take `action` on a row of `rowDoctorId`, or null when they may. */
export function refusalOnRow(viewer: RowViewer, action: Action, rowDoctorId: string | null): "role" | "unlinked-doctor" | "not-own-row" | null {
  if (!can(viewer.role, action)) return "role";
  if (!ownRowsOnly(viewer.role, action)) return null;
  if (!viewer.doctorId) return "unlinked-doctor";
  return viewer.doctorId === rowDoctorId ? null : "not-own-row";
}

/** Whether `viewer` may take `action` on a row (an appointment, a consultation) of the doctor `rowDoctorId`. */
export function canOnRow(viewer: RowViewer, action: Action, rowDoctorId: string | null): boolean {
  return refusalOnRow(viewer, action, rowDoctorId) === null;
}

/**
 * API routes (under /api) and pages that answer without a staff session, on purpose: each one shows
 * nothing that identifies a patient. The patient's status page (the QR on the slip) is rate-limited
 * per address and answers only a link the desk made, until the end of the clinic day.
 */
export const ANONYMOUS_ROUTES = ["status/[token]", "status/[token]/stream"] as const;
export const ANONYMOUS_PAGES = [/^\/status\/[^/]+\/?$/] as const;

export function isAnonymousPage(pathname: string): boolean {
  return ANONYMOUS_PAGES.some((p) => p.test(pathname));
}

/** The desk's menu: each part opens when its role may take the part's entry action. */
export const FEATURES = {
  patients: { path: "/patients", action: "patients.read" },
  slots: { path: "/slots", action: "slots.read" },
  drugs: { path: "/drugs", action: "drugs.read" },
  documents: { path: "/documents", action: "documents.read" },
  live: { path: "/live", action: "live.read" },
  settings: { path: "/settings", action: "settings.read" },
  queue: { path: "/appointments/today", action: "queue.read" },
  billing: { path: "/billing", action: "billing.read" },
} as const satisfies Record<string, { path: string; action: Action }>;

export type Feature = keyof typeof FEATURES;

export function canUse(role: Role | undefined, feature: Feature): boolean {
  return can(role, FEATURES[feature].action);
}

export function featuresFor(role: Role): Feature[] {
  return (Object.keys(FEATURES) as Feature[]).filter((f) => canUse(role, f));
}

/** Where a person lands after signing in: the front desk and doctors live in today's queue (a doctor's pre-filtered to them). */
export function homePathFor(role: Role): string {
  return role === "admin" ? FEATURES.patients.path : FEATURES.queue.path;
}
