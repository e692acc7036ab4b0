import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { auditLog } from "@/lib/server/db/schema";
import { bothDatabases } from "./databases";

// Test databases are handed on emptied within a worker (see databases.ts): the next test must find the
// migrated template, as a fresh copy would be, whatever the last one wrote, locked or listened to.
const databases = await bothDatabases();

for (const d of databases) {
  describe.skipIf(!d.available)(`a test database handed on, on ${d.name}`, () => {
    it("has no rows, its sequences at their start, and no connection, lock or setting of the test before", async () => {
      const first = await d.open();
      const db = first.database.db;
      await db.insert(auditLog).values([{ action: "read", resource: "patient", outcome: "ok" }, { action: "write", resource: "patient", outcome: "ok" }]);
      await db.execute(sql`select pg_advisory_lock(4242)`);
      const url = first.url;
      await first.dispose();

      const next = await d.open();
      try {
        if (url) expect(next.url).toBe(url); // handed on, not created again
        const ndb = next.database.db;
        expect(await ndb.$count(auditLog)).toBe(0);
        const [row] = await ndb.insert(auditLog).values({ action: "read", resource: "patient", outcome: "ok" }).returning({ id: auditLog.id });
        expect(row!.id).toBe(1);
        // The append-only rule is back on: the row cannot be deleted.
        await expect(ndb.delete(auditLog)).rejects.toThrow();
        const { rows } = (await ndb.execute(sql`select pg_try_advisory_lock(4242) as got`)) as unknown as { rows: { got: boolean }[] };
        expect(rows[0]!.got).toBe(true);
        const migrations = (await ndb.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
        expect(migrations.rows[0]!.n).toBeGreaterThan(20);
      } finally {
        await next.dispose();
      }
    });
  });
}
