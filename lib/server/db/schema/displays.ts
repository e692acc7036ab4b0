import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/** One doctor a waiting-room display shows; the room comes from Settings → Rooms (doctor_rooms, 0025). */
export interface DisplayDoctor {
  doctorId: string;
}

/**
 * A code a waiting-room TV shows until an admin enters it in Settings → Displays. The TV holds a
 * secret (its cookie, stored here hashed) and collects its display session once, after the claim.
 */
export const displayPairings = pgTable(
  "display_pairings",
  {
    id: uuid("id").primaryKey(),
    code: text("code").notNull(),
    secretHash: text("secret_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    displayId: uuid("display_id"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("display_pairings_code_idx").on(t.code)],
);

/** A paired waiting-room display: it reads its clinic's display feed and nothing else, until revoked. */
export const displays = pgTable(
  "displays",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    clinicId: text("clinic_id").notNull(),
    /** The doctors shown (all of the clinic's doctors with a queue today when empty). */
    doctors: jsonb("doctors").$type<DisplayDoctor[]>().notNull().default(sql`'[]'::jsonb`),
    /** SHA-256 of the display's session token (an httpOnly cookie); null until the TV collected it. */
    tokenHash: text("token_hash"),
    pairedBy: uuid("paired_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: uuid("revoked_by"),
  },
  (t) => [uniqueIndex("displays_token_hash_idx").on(t.tokenHash).where(sql`${t.tokenHash} IS NOT NULL`)],
);
