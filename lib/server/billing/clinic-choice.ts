import "server-only";
import { eq } from "drizzle-orm";
import { dayInZone } from "@/lib/schemas/calendar";
import * as clock from "@/lib/clock";
import { db } from "../db";
import { directoryEntries } from "../db/schema";
import { clinicTimeZone } from "../queue/desk-bookings";

/** The clinics an admin billing page offers, the one asked for (else the first), and that clinic's today. */
export async function clinicChoice(asked: string | string[] | undefined): Promise<{ clinics: { id: string; name: string }[]; clinicId: string | null; today: string | null }> {
  const store = await db();
  const clinics = await store.select({ id: directoryEntries.platformId, name: directoryEntries.displayName }).from(directoryEntries).where(eq(directoryEntries.kind, "clinic"));
  const clinicId = clinics.find((c) => c.id === asked)?.id ?? clinics[0]?.id ?? null;
  return { clinics, clinicId, today: clinicId ? dayInZone(clock.now(), await clinicTimeZone(store, clinicId)) : null };
}
