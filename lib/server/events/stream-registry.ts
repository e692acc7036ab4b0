import "server-only";
import type { LiveStreamClosed } from "@/lib/schemas/live-events";

type Close = (reason: LiveStreamClosed["reason"]) => void;

/**
 * The live-feed streams open on this instance, per staff member: a tab's new stream replaces its
 * old one, and beyond the cap the oldest stream closes, so a desk that reloads keeps working.
 */
export function createStreamRegistry(limit: () => number) {
  const byStaff = new Map<string, { tab: string | undefined; close: Close }[]>();
  return {
    open(staffId: string, tab: string | undefined, close: Close): () => void {
      const list = byStaff.get(staffId) ?? [];
      byStaff.set(staffId, list);
      const entry = { tab, close };
      const closing: [Close, LiveStreamClosed["reason"]][] = [];
      for (const other of tab ? list.filter((e) => e.tab === tab) : []) {
        list.splice(list.indexOf(other), 1);
        closing.push([other.close, "replaced"]);
      }
      while (list.length >= limit()) closing.push([list.shift()!.close, "too-many-streams"]);
      list.push(entry);
      for (const [fn, reason] of closing) fn(reason);
      return () => {
        const at = list.indexOf(entry);
        if (at >= 0) list.splice(at, 1);
        if (list.length === 0 && byStaff.get(staffId) === list) byStaff.delete(staffId);
      };
    },
    count: (staffId: string) => byStaff.get(staffId)?.length ?? 0,
  };
}
export type StreamRegistry = ReturnType<typeof createStreamRegistry>;
