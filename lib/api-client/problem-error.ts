import type { Problem } from "@/lib/schemas/problem";
import { requestIdOfInstance } from "@/lib/request-id";

// Without zod (its `Problem` is only a type here): the root providers (query-client.ts) and every
// page's error boundary (ProblemAlert) need this class, and importing http.ts for it put the whole of
// zod in the first download of pages that never call the API from the browser.

/**
 * What went wrong, so the UI can pick a message without reading English titles. "outdated": the
 * server now runs another build than this page (a deploy since the page was loaded); the answer was
 * not read, and the page asks for a reload (deskOutdated).
 */
export type ApiErrorKind = "problem" | "network" | "invalid-response" | "outdated";

/** A failed BFF call. `status` is 0 when the server was never reached. */
export class ApiProblemError extends Error {
  readonly problem: Problem;
  readonly kind: ApiErrorKind;
  /** The BFF path that failed (no query), so a message can name the feature it belongs to. */
  path?: string;

  constructor(problem: Problem, kind: ApiErrorKind = "problem", path?: string) {
    super(problem.detail ? `${problem.title}: ${problem.detail}` : problem.title);
    this.name = "ApiProblemError";
    this.problem = problem;
    this.kind = kind;
    this.path = path;
  }

  get status(): number {
    return this.problem.status;
  }

  /** The request id the server logged this failure under, for staff to read out to IT. */
  get reference(): string | undefined {
    return requestIdOfInstance(this.problem.instance);
  }
}


// Page-wide: once one answer came from another build, every part of the page is as outdated as the
// first, so one notice (DeskUpdatedNotice) says so whichever request saw it first.
let outdated = false;
const listeners = new Set<() => void>();

/** Marks this page as older than the server's build; the notice appears (once). */
export function markDeskOutdated(): void {
  if (outdated) return;
  outdated = true;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: whether an answer from another build has been seen on this page. */
export const deskOutdated = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: (): boolean => outdated,
  /** The server render never knows: no notice in the HTML. */
  getServer: (): boolean => false,
};
