/**
 * The desk's toasts, without sonner in the page's first download. Toasts only follow something the
 * user did, so sonner (~9 KiB gzip) is fetched at the user's first move on the page
 * (components/providers/toaster.tsx asks for it) or by the first toast, whichever comes first.
 *
 * Calls made before sonner has arrived and its <Toaster> is on the page wait in a queue and are
 * replayed in order once both are true: none lost, none shown twice. Every toast gets its id here,
 * so an id returned before sonner arrived still dismisses or updates the same toast afterwards.
 * A failed download is tried again by the next toast (or the Toaster), and by itself after a pause while
 * toasts wait, so a lone toast is not held until another comes.
 *
 * Only the part of sonner's `toast` the desk uses. Components import this, never "sonner"
 * (eslint.config.mjs keeps it so).
 */
import type { ExternalToast } from "sonner";

export type ToastOptions = ExternalToast;
export type ToastId = string | number;
type Kind = "success" | "error" | "info" | "warning";
type Show = (message: string, options?: ToastOptions) => ToastId;

/** What the facade needs from sonner's `toast`. */
export type ToastApi = Record<Kind, Show> & { dismiss: (id?: ToastId) => ToastId | undefined };
export type Toasts = Record<Kind, Show> & { dismiss: (id?: ToastId) => void };

type Call = { kind: Kind; message: string; options: ToastOptions & { id: ToastId } } | { kind: "dismiss"; id?: ToastId };

export function createToastFacade<M extends { toast: ToastApi }>(loadModule: () => Promise<M>) {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  let mounted = false;
  let queue: Call[] = [];
  let nextId = 0;
  const listeners = new Set<(m: M) => void>();

  const ready = () => (loaded && mounted ? loaded.toast : null);

  function run(api: ToastApi, call: Call) {
    if (call.kind === "dismiss") api.dismiss(call.id);
    else api[call.kind](call.message, call.options);
  }

  function flush() {
    const api = ready();
    if (!api) return;
    // Taken off the queue one at a time: a toast shown by a replayed one (an action's onClick cannot
    // run here, but a future caller might) goes to sonner directly, after the ones before it.
    while (queue.length) run(api, queue.shift()!);
  }

  /** Starts (or joins) sonner's download; a failure leaves the next call free to try again. */
  function load(): Promise<M> {
    if (loaded) return Promise.resolve(loaded);
    loading ??= loadModule().then(
      (m) => {
        loaded = m;
        loading = null;
        for (const l of listeners) l(m);
        flush();
        return m;
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    );
    return loading;
  }

  let retry: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  /** Downloads sonner for the queue; after a failure it tries again by itself (1 s, 2 s, 4 s… up to 30 s) while toasts wait. */
  function loadForQueue() {
    load().then(
      () => void (failures = 0),
      () => {
        if (retry) return;
        retry = setTimeout(() => {
          retry = null;
          if (queue.length && !loaded) loadForQueue();
        }, Math.min(1000 * 2 ** failures++, 30_000));
      },
    );
  }

  function submit(call: Call) {
    const api = ready();
    if (api && !queue.length) return run(api, call);
    queue.push(call);
    // The queue waits for the download (started here if it has not been) and for the Toaster.
    if (!loaded) loadForQueue();
  }

  const show =
    (kind: Kind): Show =>
    (message, options) => {
      const id = options?.id ?? `desk-toast-${++nextId}`;
      submit({ kind, message, options: { ...options, id } });
      return id;
    };

  const toast: Toasts = {
    success: show("success"),
    error: show("error"),
    info: show("info"),
    warning: show("warning"),
    dismiss: (id) => {
      // A queued toast dismissed before it was shown is never shown; the dismissal still goes to
      // sonner in its turn for any toast of that id already on screen.
      if (!ready() && id !== undefined) queue = queue.filter((c) => c.kind === "dismiss" || c.options.id !== id);
      else if (!ready()) queue = queue.filter((c) => c.kind === "dismiss");
      submit({ kind: "dismiss", id });
    },
  };

  return {
    toast,
    /** sonner's module: downloads it if needed (the Toaster's lazy loader). Rejects if the download failed. */
    load,
    /** Calls `listener` with sonner's module once it has arrived, however it was asked for; returns an unsubscribe. */
    onLoaded(listener: (m: M) => void): () => void {
      if (loaded) listener(loaded);
      else listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The Toaster tells the facade when it is on the page (and when it leaves), so the queue can be replayed. */
    setToasterMounted(on: boolean) {
      mounted = on;
      flush();
    },
  };
}

const desk = createToastFacade(() => import("sonner"));

export const toast = desk.toast;
export const loadSonner = desk.load;
export const onSonnerLoaded = desk.onLoaded;
export const setToasterMounted = desk.setToasterMounted;
