import "server-only";
import { createHash } from "node:crypto";

/**
 * The desk's own partner-side identifier for a patient registered without a UHID: the platform
 * keeps it as the profile's `username` (spec 2.1, unique per workspace), so the desk can ask later
 * whether a registration whose answer never came created that patient (spec 4.7, partner_id=1).
 * Derived from the idempotency key, so every retry and every instance sends the same one.
 */
export const deskPartnerRef = (idempotencyKey: string) => `fd.${createHash("sha256").update(`registration:${idempotencyKey}`).digest("hex").slice(0, 24)}`;

/** A username the desk made up rather than a UHID the clinic gave: shown to staff as no UHID. */
export const isDeskPartnerRef = (username: string) => /^fd\.[0-9a-f]{24}$/.test(username);
