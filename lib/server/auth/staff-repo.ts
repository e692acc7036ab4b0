import { eq } from "drizzle-orm";
import type { Db } from "../db/connect";
import { staff } from "../db/schema";
import { NewStaff } from "@/lib/schemas/staff";
import { hashPassword } from "./password";

export type StaffRow = typeof staff.$inferSelect;

export async function findStaffByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  const rows = await db.select().from(staff).where(eq(staff.email, email.trim().toLowerCase())).limit(1);
  return rows[0];
}

export async function findStaffById(db: Db, id: string): Promise<StaffRow | undefined> {
  const rows = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return rows[0];
}

/**
 * Adds a staff member; answers false when the e-mail is already taken. `hash` is the production
 * scrypt unless a test hands a cheaper one (verifying reads the cost from the stored hash).
 */
export async function addStaff(db: Db, input: NewStaff, hash: (password: string) => Promise<string> = hashPassword): Promise<{ created: boolean; id?: string }> {
  const valid = NewStaff.parse(input);
  const rows = await db
    .insert(staff)
    .values({ email: valid.email, name: valid.name, role: valid.role, passwordHash: await hash(valid.password) })
    .onConflictDoNothing({ target: staff.email })
    .returning({ id: staff.id });
  return rows[0] ? { created: true, id: rows[0].id } : { created: false };
}
