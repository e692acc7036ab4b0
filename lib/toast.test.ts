import { describe, expect, it, vi } from "vitest";
import { createToastFacade, type ToastApi, type ToastId } from "./toast";

/** A stand-in for sonner: records what reaches it, and whether its Toaster shows a toast of each id. */
function fakeSonner() {
  const calls: string[] = [];
  const shown = new Map<ToastId, string>();
  const show = (kind: string) => (message: string, options?: { id?: ToastId }) => {
    const id = options?.id ?? "sonner-own-id";
    calls.push(`${kind}:${message}:${String(id)}`);
    shown.set(id, message);
    return id;
  };
  const toast: ToastApi = {
    success: show("success"),
    error: show("error"),
    info: show("info"),
    warning: show("warning"),
    dismiss: (id) => {
      calls.push(`dismiss:${String(id)}`);
      if (id === undefined) shown.clear();
      else shown.delete(id);
      return id;
    },
  };
  return { calls, shown, module: { toast } };
}

/** A loader the test resolves or fails by hand, counting how often it was asked. */
function manualLoader<M>() {
  const attempts: { resolve: (m: M) => void; reject: (e: Error) => void }[] = [];
  const load = () => new Promise<M>((resolve, reject) => attempts.push({ resolve, reject }));
  return { load, attempts };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the desk's toast facade (lib/toast.ts)", () => {
  it("keeps toasts asked for before sonner arrived, and shows them in order once the Toaster is mounted", async () => {
    const sonner = fakeSonner();
    const loader = manualLoader<typeof sonner.module>();
    const facade = createToastFacade(loader.load);
    const a = facade.toast.success("Token A-1 called");
    facade.toast.error("Could not move B-2", { description: "Conflict" });
    facade.toast.info("Nobody waiting");
    expect(loader.attempts).toHaveLength(1); // the first toast started the download, the others joined it
    loader.attempts[0]!.resolve(sonner.module);
    await settle();
    expect(sonner.calls).toEqual([]); // loaded, but no Toaster on the page yet
    facade.setToasterMounted(true);
    expect(sonner.calls).toEqual([`success:Token A-1 called:${a}`, expect.stringMatching(/^error:Could not move B-2:/), expect.stringMatching(/^info:Nobody waiting:/)]);
    facade.setToasterMounted(true);
    expect(sonner.calls).toHaveLength(3); // a second mount replays nothing
  });

  it("passes the options through and sends later toasts straight to sonner", async () => {
    const sonner = fakeSonner();
    const facade = createToastFacade(async () => sonner.module);
    facade.setToasterMounted(true);
    await facade.load();
    const onClick = () => {};
    const id = facade.toast.warning("Held for payment", { duration: 12_000, action: { label: "Call", onClick } });
    expect(sonner.calls).toEqual([`warning:Held for payment:${id}`]);
    const success = facade.toast.success("Saved", { id: "mine" });
    expect(success).toBe("mine");
    expect(sonner.calls.at(-1)).toBe("success:Saved:mine");
  });

  it("keeps a queued toast's id: a dismissal or update by id before sonner arrived acts on that toast", async () => {
    const sonner = fakeSonner();
    const loader = manualLoader<typeof sonner.module>();
    const facade = createToastFacade(loader.load);
    const gone = facade.toast.info("Skipped A-3");
    const kept = facade.toast.success("Calling…", { id: "call" });
    facade.toast.success("Called A-4", { id: kept });
    facade.toast.dismiss(gone);
    facade.setToasterMounted(true);
    loader.attempts[0]!.resolve(sonner.module);
    await settle();
    expect(sonner.calls).toEqual(["success:Calling…:call", "success:Called A-4:call", `dismiss:${gone}`]);
    expect([...sonner.shown]).toEqual([["call", "Called A-4"]]); // the dismissed one was never shown
    facade.toast.dismiss(kept);
    expect(sonner.shown.size).toBe(0);
  });

  it("tries a failed download again on the next toast, and then shows every toast once, in order", async () => {
    const sonner = fakeSonner();
    const loader = manualLoader<typeof sonner.module>();
    const facade = createToastFacade(loader.load);
    facade.setToasterMounted(true);
    facade.toast.success("First");
    loader.attempts[0]!.reject(new Error("ChunkLoadError"));
    await settle();
    expect(sonner.calls).toEqual([]);
    facade.toast.success("Second");
    expect(loader.attempts).toHaveLength(2);
    loader.attempts[1]!.resolve(sonner.module);
    await settle();
    expect(sonner.calls.map((c) => c.split(":")[1])).toEqual(["First", "Second"]);
    facade.toast.success("Third");
    expect(loader.attempts).toHaveLength(2);
    expect(sonner.calls.map((c) => c.split(":")[1])).toEqual(["First", "Second", "Third"]);
  });

  it("a lone toast whose download failed is not held until another: the download is tried again after a pause", async () => {
    vi.useFakeTimers();
    try {
      const sonner = fakeSonner();
      const loader = manualLoader<typeof sonner.module>();
      const facade = createToastFacade(loader.load);
      facade.setToasterMounted(true);
      facade.toast.success("Asha Verma is registered.");
      loader.attempts[0]!.reject(new Error("ChunkLoadError"));
      await vi.advanceTimersByTimeAsync(999);
      expect(loader.attempts).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(loader.attempts).toHaveLength(2);
      loader.attempts[1]!.resolve(sonner.module);
      await vi.advanceTimersByTimeAsync(0);
      expect(sonner.calls.map((c) => c.split(":")[1])).toEqual(["Asha Verma is registered."]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("lets the Toaster ask for sonner (at the first move on the page) and hears when a toast brought it instead", async () => {
    const sonner = fakeSonner();
    const loader = manualLoader<typeof sonner.module>();
    const facade = createToastFacade(loader.load);
    const heard: unknown[] = [];
    facade.onLoaded((m) => heard.push(m));
    const early = facade.load();
    facade.toast.success("During the download");
    expect(loader.attempts).toHaveLength(1);
    loader.attempts[0]!.resolve(sonner.module);
    await expect(early).resolves.toBe(sonner.module);
    expect(heard).toEqual([sonner.module]);
    facade.onLoaded((m) => heard.push(m)); // a late listener hears at once
    expect(heard).toHaveLength(2);
    expect(sonner.calls).toEqual([]);
    facade.setToasterMounted(true);
    expect(sonner.calls).toHaveLength(1);
  });

  it("queues again while the Toaster is away, and gives each toast an id of its own", async () => {
    const sonner = fakeSonner();
    const facade = createToastFacade(async () => sonner.module);
    await facade.load();
    facade.setToasterMounted(true);
    const ids = [facade.toast.success("One"), facade.toast.success("One")];
    expect(new Set(ids).size).toBe(2);
    facade.setToasterMounted(false);
    facade.toast.info("While away");
    expect(sonner.calls).toHaveLength(2);
    facade.setToasterMounted(true);
    expect(sonner.calls).toHaveLength(3);
    expect(sonner.calls[2]).toMatch(/^info:While away:/);
  });
});
