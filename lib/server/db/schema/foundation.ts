import { bigserial, boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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

export const signInAttempts = pgTable(
  "sign_in_attempts",
  {
    key: text("key").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
    succeeded: boolean("succeeded").notNull(),
  },
  (t) => [index("sign_in_attempts_key_idx").on(t.key, t.attemptedAt)],
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
