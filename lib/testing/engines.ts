/**
 * Which cases of a suite that runs on both engines also run on PostgreSQL. PGlite is PostgreSQL's own
 * server code (the same parser, planner, types, constraints and triggers), so a second run on the server
 * adds evidence only where the two can differ: the driver (how values come back), many connections and
 * real concurrency against one serial connection, locking and transactions that overlap, LISTEN/NOTIFY,
 * and server settings (time zone, collation). A case that depends on none of those beyond what the
 * suite's PostgreSQL cases already exercise is registered on PGlite alone: it gave no new evidence there,
 * only seconds. Every store keeps its core cases on both.
 */
import { it } from "vitest";
import type { DatabaseUnderTest } from "./databases";

type Case = (name: string, fn: () => Promise<void> | void, timeout?: number) => void;

/** `it` on PGlite; on PostgreSQL the case is not registered (the suite says why it runs on one engine). */
export const onPgliteOnly = (kind: DatabaseUnderTest["kind"]): Case => (kind === "pglite" ? it : () => {});
