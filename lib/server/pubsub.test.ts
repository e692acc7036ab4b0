import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { pgliteTestDatabase, postgresAvailable, postgresTestDatabase, SKIP_POSTGRES_MESSAGE, type TestDatabase } from "@/lib/testing/databases";
import { createPubSub, type Codec, type PubSub } from "./pubsub";

const pgUp = await postgresAvailable();
if (!pgUp) console.warn(SKIP_POSTGRES_MESSAGE);

const text = (onReconnect?: () => void): Codec<string> => ({ encode: (m) => m, decode: (p) => (p.startsWith("bad") ? undefined : p), onReconnect });
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000, interval: 20 });

describe("pub-sub on PGlite (one instance)", () => {
  let t: TestDatabase;
  let bus: PubSub;
  beforeAll(async () => {
    t = await pgliteTestDatabase();
    bus = createPubSub({ db: t.database.db, log: () => {} });
  });
  afterAll(async () => {
    await bus.close();
    await t.dispose();
  });

  it("hands a message to the subscribers of its channel only, until they unsubscribe", async () => {
    const a = bus.channel("probe_a", text());
    const b = bus.channel("probe_b", text());
    const onA: string[] = [];
    const onB: string[] = [];
    const stop = a.subscribe((m) => onA.push(m));
    b.subscribe((m) => onB.push(m));
    await a.publish("one");
    stop();
    await a.publish("two");
    expect(onA).toEqual(["one"]);
    expect(onB).toEqual([]);
    expect(() => bus.channel("probe_a", text())).toThrow(/exists/);
    expect(() => bus.channel("probe-a; drop", text())).toThrow(/identifier/);
  });
});

describe.skipIf(!pgUp)("pub-sub on PostgreSQL: two instances, one LISTEN connection each", () => {
  let t: TestDatabase;
  let one: PubSub;
  let two: PubSub;
  beforeAll(async () => {
    t = await postgresTestDatabase();
    one = createPubSub({ db: t.database.db, databaseUrl: t.url, log: () => {} });
    two = createPubSub({ db: (await t.openAnother()).db, databaseUrl: t.url, log: () => {} });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await t?.dispose();
  });

  it("carries each channel's messages to every instance, over one connection that comes back after it is cut", async () => {
    let reconnects = 0;
    const oneLive = one.channel("probe_live", text());
    const oneQueue = one.channel("probe_queue", text());
    const twoLive = two.channel("probe_live", text(() => reconnects++));
    const twoQueue = two.channel("probe_queue", text());
    await Promise.all([one.ready(), two.ready()]);
    const live: string[] = [];
    const queue: string[] = [];
    twoLive.subscribe((m) => live.push(m));
    twoQueue.subscribe((m) => queue.push(m));
    const here: string[] = [];
    oneLive.subscribe((m) => here.push(m));

    await oneLive.publish("L1");
    await oneQueue.publish("Q1");
    await oneQueue.publish("bad payload");
    await until(() => live.length === 1 && queue.length === 1 && here.length === 1);
    expect([live, queue, here]).toEqual([["L1"], ["Q1"], ["L1"]]);

    // Both channels share one LISTEN connection per instance.
    const listening = await t.database.db.execute(sql`select count(distinct pid)::int as n from pg_stat_activity where datname = current_database() and query like 'LISTEN probe_%'`);
    expect((listening as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);

    // Cut both LISTEN connections: each instance reconnects, says so, and hears both channels again.
    await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN probe_%'`);
    await until(() => reconnects === 1);
    await oneLive.publish("L2");
    await oneQueue.publish("Q2");
    await until(() => live.length === 2 && queue.length === 2);
    expect([live, queue]).toEqual([["L1", "L2"], ["Q1", "Q2"]]);
  });
});
