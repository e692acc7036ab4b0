import { and, eq, inArray, like } from "drizzle-orm";
import type { Role } from "@/lib/schemas/staff";
import type { Db } from "../db/connect";
import { staff } from "../db/schema";
import { hashPassword } from "./password";

/** The demo staff's domain: these accounts exist and sign in only in sandbox mode. */
export const DEMO_DOMAIN = "demo.clinic";

/** One account per role, created only in sandbox mode and listed on the sign-in page. */
export const DEMO_STAFF: { email: string; password: string; role: Role; name: string }[] = [
  { email: "reception@demo.clinic", password: "sandbox-reception", role: "receptionist", name: "Priya Sharma" },
  { email: "doctor@demo.clinic", password: "sandbox-doctor", role: "doctor", name: "Dr. Meera Iyer" },
  { email: "admin@demo.clinic", password: "sandbox-admin", role: "admin", name: "Vikram Mehta" },
];

export function isDemoAddress(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${DEMO_DOMAIN}`);
}

/** Sandbox mode: the demo staff exist and are active (again, if a live start had retired them). `hash` as in addStaff. */
export async function seedDemoStaff(db: Db, hash: (password: string) => Promise<string> = hashPassword): Promise<void> {
  const emails = DEMO_STAFF.map((s) => s.email);
  const existing = new Set(
    (await db.select({ email: staff.email }).from(staff).where(inArray(staff.email, emails))).map((r) => r.email),
  );
  for (const demo of DEMO_STAFF.filter((s) => !existing.has(s.email))) {
    await db
      .insert(staff)
      .values({ email: demo.email, name: demo.name, role: demo.role, passwordHash: await hash(demo.password) })
      .onConflictDoNothing({ target: staff.email });
  }
  await db.update(staff).set({ active: true }).where(and(inArray(staff.email, emails), eq(staff.active, false)));
}

/** Live mode: every demo-domain account is deactivated (which ends its sessions); answers which ones were. */
export async function retireDemoStaff(db: Db): Promise<string[]> {
  const rows = await db
    .update(staff)
    .set({ active: false })
    .where(and(like(staff.email, `%@${DEMO_DOMAIN}`), eq(staff.active, true)))
    .returning({ email: staff.email });
  return rows.map((r) => r.email);
}
