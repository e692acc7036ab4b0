"use client";

import { useCallback, useEffect, useState } from "react";
import { MonitorSmartphone } from "lucide-react";
import { TV_TEXT, fill } from "@/lib/displays/announce";
import { PairingStart, PairingStatus } from "@/lib/schemas/displays";

/** The skip link's target (components/layout/skip-link.tsx, a server module). */
const MAIN_CONTENT_ID = "main-content";

const POLL_MS = 2000;

/** A refused request for a code: the desk says when to ask again (429 after many codes from one address). */
class CodeRefused extends Error {
  constructor(readonly retryAfterMs: number) {
    super("pairing code refused");
  }
}

async function requestCode(): Promise<PairingStart> {
  const res = await fetch("/api/display/pairing", { method: "POST", headers: { "content-type": "application/json" } });
  if (!res.ok) throw new CodeRefused(Math.max(POLL_MS, Number(res.headers.get("retry-after")) * 1000 || 0));
  return PairingStart.parse(await res.json());
}

function left(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * A TV not (or no longer) paired: it asks for a one-time code, shows it large, and waits for an
 * admin to enter it in Settings → Displays; then it reloads as a paired display. An expired code is
 * replaced by a new one on its own, so a TV left on the pairing screen never shows a dead code.
 */
export function PairingScreen({ sandbox }: { sandbox: boolean }) {
  const [code, setCode] = useState<(PairingStart & { deadline: number }) | null>(null);
  const [failed, setFailed] = useState(false);
  const [retryAt, setRetryAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  const newCode = useCallback(() => {
    void requestCode().then(
      (started) => {
        setCode({ ...started, deadline: Date.now() + started.ttlSeconds * 1000 });
        setFailed(false);
      },
      (err: unknown) => {
        setRetryAt(Date.now() + (err instanceof CodeRefused ? err.retryAfterMs : POLL_MS));
        setFailed(true);
      },
    );
  }, []);

  useEffect(newCode, [newCode]);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);

  useEffect(() => {
    if (!code && !failed) return;
    const timer = setInterval(async () => {
      if (failed) return Date.now() >= retryAt ? newCode() : undefined;
      try {
        const res = await fetch("/api/display/pairing", { cache: "no-store" });
        const status = PairingStatus.parse(await res.json());
        if (status.status === "paired") window.location.replace("/display");
        else if (status.status !== "waiting") newCode();
      } catch {
        // The desk is out of reach for a moment: the next poll tries again.
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [code, failed, retryAt, newCode]);

  const en = TV_TEXT.en;
  const hi = TV_TEXT.hi;
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="fixed outline-none inset-0 z-50 flex flex-col items-center justify-center gap-[3vh] overflow-hidden bg-canvas p-[4vmin] text-center text-ink" data-testid="pairing-screen">
      {sandbox ? (
        <span className="absolute top-4 right-4 rounded-md bg-amber-300 px-2 py-0.5 text-sm font-semibold text-amber-950" data-sandbox-mark="">
          {en.sandbox}
        </span>
      ) : null}
      <MonitorSmartphone aria-hidden className="size-[8vmin] text-primary" />
      <h1 className="text-[clamp(1.75rem,4vw,4.5rem)] font-bold">
        {en.pairTitle} · <span lang="hi">{hi.pairTitle}</span>
      </h1>
      <div className="space-y-1 text-[clamp(1rem,2vw,2.25rem)] text-ink-muted">
        <p>{en.pairBody}</p>
        <p lang="hi">{hi.pairBody}</p>
      </div>
      <p
        data-testid="pairing-code"
        aria-label={code ? code.code.split("").join(" ") : undefined}
        className="rounded-[2vmin] border-2 border-primary bg-surface px-[4vw] py-[2vh] font-mono text-[clamp(3rem,12vw,14rem)] leading-none font-black tracking-[0.15em] text-primary"
      >
        {code?.code ?? "······"}
      </p>
      <p role="status" className="text-[clamp(1rem,1.8vw,2rem)] text-ink-muted" data-testid="pairing-status">
        {failed ? (
          <>
            {en.pairError} · <span lang="hi">{hi.pairError}</span>
          </>
        ) : code ? (
          <>
            {fill(en.expiresIn, { time: left(code.deadline - now) })} · <span lang="hi">{fill(hi.expiresIn, { time: left(code.deadline - now) })}</span>
          </>
        ) : null}
      </p>
      <button
        type="button"
        onClick={newCode}
        className="rounded-xl border border-line-strong bg-surface px-5 py-2.5 text-[clamp(1rem,1.4vw,1.75rem)] font-semibold hover:bg-surface-sunken focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
      >
        {en.newCode} · <span lang="hi">{hi.newCode}</span>
      </button>
    </main>
  );
}
