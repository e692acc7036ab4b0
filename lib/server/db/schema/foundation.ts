import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const staff = pgTable("staff", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  role: text("role", { enum: ["receptionist", "doctor", "admin"] }).notNull(),
  passwordHash: text("password_hash").notNull(),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** A doctor's id on the platform, when their directory name differs from their staff name. */
  platformDoctorId: text("platform_doctor_id"),
});

/** Each staff member's platform tokens; only the server ever reads them. */
export const platformTokens = pgTable("platform_tokens", {
  staffId: uuid("staff_id")
    .primaryKey()
    .references(() => staff.id, { onDelete: "cascade" }),
  accessToken: text("access_token").notNull(),
  accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }).notNull(),
  refreshToken: text("refresh_token").notNull(),
  refreshExpiresAt: timestamp("refresh_expires_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Keys the app signs staff id_tokens with; the public halves are served as JWKS. */
export const signingKeys = pgTable("signing_keys", {
  kid: text("kid").primaryKey(),
  alg: text("alg").notNull(),
  privateJwk: jsonb("private_jwk").notNull(),
  publicJwk: jsonb("public_jwk").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per signed-in browser. Deleting a staff member's rows ends their sessions on every
 * instance; a trigger does so when their role, activity, e-mail or password changes.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    signedInAt: timestamp("signed_in_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip"),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId), index("staff_sessions_seen_idx").on(t.lastSeenAt)],
);

/** Progressive sign-in delay per account and per (account, address): counted attempts and when the next is admitted. */
export const signInThrottle = pgTable(
  "sign_in_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_throttle_updated_idx").on(t.updatedAt)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    staffId: uuid("staff_id"),
    action: text("action").notNull(),
    resource: text("resource").notNull(),
    resourceId: text("resource_id"),
    outcome: text("outcome", { enum: ["ok", "denied", "failed"] }).notNull(),
    ip: text("ip"),
    detail: jsonb("detail"),
  },
  (t) => [index("audit_log_resource_idx").on(t.resource, t.resourceId), index("audit_log_at_idx").on(t.at)],
);
