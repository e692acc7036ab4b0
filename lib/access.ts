import type { Role } from "./schemas/staff";

/**
 * Which roles may use each part of the desk. Navigation, pages and route handlers all
 * read this one table, so a menu item and its API can never disagree.
 */
export const FEATURES = {
  patients: { path: "/patients", roles: ["receptionist", "doctor", "admin"] },
  slots: { path: "/slots", roles: ["receptionist", "doctor", "admin"] },
  drugs: { path: "/drugs", roles: ["doctor", "receptionist", "admin"] },
  documents: { path: "/documents", roles: ["receptionist", "doctor"] },
  live: { path: "/live", roles: ["receptionist", "doctor", "admin"] },
  settings: { path: "/settings", roles: ["admin"] },
  queue: { path: "/appointments/today", roles: ["receptionist", "doctor", "admin"] },
} as const satisfies Record<string, { path: string; roles: readonly Role[] }>;

export type Feature = keyof typeof FEATURES;

export function canUse(role: Role | undefined, feature: Feature): boolean {
  return !!role && (FEATURES[feature].roles as readonly Role[]).includes(role);
}

export function featuresFor(role: Role): Feature[] {
  return (Object.keys(FEATURES) as Feature[]).filter((f) => canUse(role, f));
}

export function homePathFor(role: Role): string {
  return role === "doctor" ? FEATURES.drugs.path : FEATURES.patients.path;
}
