import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The clinic's own index of patients it registered or viewed, for fast, typo-tolerant search
 * and duplicate warnings without asking the platform. The platform stays the source of truth.
 */
export const patientIndex = pgTable(
  "patient_index",
  {
    /** The platform's profile oid. */
    id: text("id").primaryKey(),
    salutation: text("salutation"),
    firstName: text("first_name").notNull(),
    middleName: text("middle_name"),
    lastName: text("last_name"),
    gender: text("gender", { enum: ["M", "F", "O"] }),
    /** YYYY-MM-DD */
    dob: text("dob"),
    /** E.164 */
    mobile: text("mobile"),
    /** The mobile without its country code, for prefix search on what people type. */
    mobileNational: text("mobile_national"),
    uhid: text("uhid"),
    uhidLower: text("uhid_lower"),
    /** XX-XXXX-XXXX-XXXX: how a scanned ABHA card finds the patient (0020). */
    abhaNumber: text("abha_number"),
    /** Lower case, e.g. asha.verma@abdm. */
    abhaAddress: text("abha_address"),
    /** Name tokens, their prefixes and one-deletion variants (see name-keys.ts). */
    searchKeys: text("search_keys").array().notNull(),
    /** Which version of name-keys.ts made `searchKeys`: older rows are re-keyed at start-up (0014, issue 29: Devanagari names romanised). */
    nameKeysVersion: integer("name_keys_version").notNull().default(0),
    /** What the clinic last sent to the directory (designation, address): the platform has no read for it. */
    directory: jsonb("directory"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("patient_index_keys_idx").using("gin", t.searchKeys),
    // Ascending, read backwards: matches ORDER BY last_seen_at DESC (nulls first) exactly.
    index("patient_index_seen_idx").on(t.lastSeenAt),
    // Prefix first, then the recency and the id: the newest matches of a mobile or UHID prefix
    // are sorted from the index alone (0010), however many there are.
    index("patient_index_mobile_seen_idx").on(t.mobileNational.op("text_pattern_ops"), t.lastSeenAt, t.id),
    index("patient_index_uhid_seen_idx").on(t.uhidLower.op("text_pattern_ops"), t.lastSeenAt, t.id),
    // The first n characters, then the recency: the newest matches of a short, common prefix
    // ("uh-9", "98") come newest first without sorting them all (0012; PREFIX_INDEX_LENGTHS).
    index("patient_index_mobile2_seen_idx").on(sql`left(${t.mobileNational}, 2)`, t.lastSeenAt),
    index("patient_index_mobile3_seen_idx").on(sql`left(${t.mobileNational}, 3)`, t.lastSeenAt),
    index("patient_index_uhid4_seen_idx").on(sql`left(${t.uhidLower}, 4)`, t.lastSeenAt),
    index("patient_index_uhid5_seen_idx").on(sql`left(${t.uhidLower}, 5)`, t.lastSeenAt),
    index("patient_index_uhid6_seen_idx").on(sql`left(${t.uhidLower}, 6)`, t.lastSeenAt),
    index("patient_index_dob_idx").on(t.dob),
    index("patient_index_abha_number_idx").on(t.abhaNumber),
    index("patient_index_abha_address_idx").on(t.abhaAddress),
  ],
);

/** One row per registration attempt (idempotency key): which steps are done, so a retry does only the rest. */
export const patientRegistrations = pgTable(
  "patient_registrations",
  {
    idempotencyKey: text("idempotency_key").primaryKey(),
    staffId: uuid("staff_id").notNull(),
    requestHash: text("request_hash").notNull(),
    patientId: text("patient_id"),
    directoryDoneAt: timestamp("directory_done_at", { withTimezone: true }),
    lastError: text("last_error"),
    /** The platform `username` a create carried (the UHID, or the desk's own): how the platform is asked what it did. */
    partnerRef: text("partner_ref"),
    /** The details of the attempt, so a reconciler can finish it without the browser. */
    details: jsonb("details"),
    /** Set before a create is sent, cleared once the outcome is known: while set, nothing is created before asking. */
    outcomeUnknownSince: timestamp("outcome_unknown_since", { withTimezone: true }),
    /** When the reconciler looks again (backs off between tries). */
    checkAfter: timestamp("check_after", { withTimezone: true }),
    checks: integer("checks").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("patient_registrations_unknown_idx").on(t.checkAfter).where(sql`${t.outcomeUnknownSince} is not null`)],
);
