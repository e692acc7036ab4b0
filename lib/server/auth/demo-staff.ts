import { inArray } from "drizzle-orm";
import type { Role } from "@/lib/schemas/staff";
import type { Db } from "../db/connect";
import { staff } from "../db/schema";
import { hashPassword } from "./password";

/** One account per role, created only in sandbox mode and listed on the sign-in page. */
export const DEMO_STAFF: { email: string; password: string; role: Role; name: string }[] = [
  { email: "reception@demo.clinic", password: "sandbox-reception", role: "receptionist", name: "Priya Sharma" },
  { email: "doctor@demo.clinic", password: "sandbox-doctor", role: "doctor", name: "Dr. Meera Iyer" },
  { email: "admin@demo.clinic", password: "sandbox-admin", role: "admin", name: "Vikram Mehta" },
];

export async function seedDemoStaff(db: Db): Promise<void> {
  const emails = DEMO_STAFF.map((s) => s.email);
  const existing = new Set(
    (await db.select({ email: staff.email }).from(staff).where(inArray(staff.email, emails))).map((r) => r.email),
  );
  for (const demo of DEMO_STAFF.filter((s) => !existing.has(s.email))) {
    await db
      .insert(staff)
      .values({ email: demo.email, name: demo.name, role: demo.role, passwordHash: await hashPassword(demo.password) })
      .onConflictDoNothing({ target: staff.email });
  }
}
