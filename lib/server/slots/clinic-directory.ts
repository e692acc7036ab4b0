import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { env } from "@/lib/env";
import type { ClinicDirectory, DirectoryEntry, DirectoryKind } from "@/lib/schemas/clinic-directory";
import type { Db } from "../db";
import { directoryEntries } from "../db/schema";

const DemoPractice = z.object({
  doctors: z.array(z.object({ id: z.string(), name: z.string() })),
  clinics: z.array(z.object({ id: z.string(), name: z.string(), timeZone: z.string() })),
});

/** Sandbox mode: copy the sandbox's demo doctors and clinics into an empty directory. */
async function prefillFromSandbox(db: Db): Promise<void> {
  try {
    const res = await fetch(`${env().platform.baseUrl}/__sandbox/practice`, { signal: AbortSignal.timeout(3000), cache: "no-store" });
    if (!res.ok) return;
    const demo = DemoPractice.parse(await res.json());
    const rows = [
      ...demo.doctors.map((d) => ({ kind: "doctor" as const, platformId: d.id, displayName: d.name, timeZone: null })),
      ...demo.clinics.map((c) => ({ kind: "clinic" as const, platformId: c.id, displayName: c.name, timeZone: c.timeZone })),
    ];
    if (rows.length) await db.insert(directoryEntries).values(rows).onConflictDoNothing();
  } catch (err) {
    console.warn("could not pre-fill the clinic directory from the sandbox", (err as Error).message);
  }
}

const toEntry = (r: typeof directoryEntries.$inferSelect): DirectoryEntry => ({ kind: r.kind, platformId: r.platformId, displayName: r.displayName, timeZone: r.timeZone });

export async function readClinicDirectory(db: Db, opts: { prefill?: boolean } = {}): Promise<ClinicDirectory> {
  let rows = await db.select().from(directoryEntries).orderBy(asc(directoryEntries.displayName));
  if (rows.length === 0 && (opts.prefill ?? env().sandboxMode)) {
    await prefillFromSandbox(db);
    rows = await db.select().from(directoryEntries).orderBy(asc(directoryEntries.displayName));
  }
  const entries = rows.map(toEntry);
  return { doctors: entries.filter((e) => e.kind === "doctor"), clinics: entries.filter((e) => e.kind === "clinic") };
}

/** Adds an entry or renames an existing one (same kind and platform id). */
export async function saveDirectoryEntry(db: Db, entry: DirectoryEntry): Promise<DirectoryEntry> {
  const [row] = await db
    .insert(directoryEntries)
    .values(entry)
    .onConflictDoUpdate({
      target: [directoryEntries.kind, directoryEntries.platformId],
      set: { displayName: entry.displayName, timeZone: entry.timeZone, updatedAt: sql`now()` },
    })
    .returning();
  return toEntry(row!);
}

export async function removeDirectoryEntry(db: Db, kind: DirectoryKind, platformId: string): Promise<boolean> {
  const removed = await db
    .delete(directoryEntries)
    .where(and(eq(directoryEntries.kind, kind), eq(directoryEntries.platformId, platformId)))
    .returning();
  return removed.length > 0;
}
