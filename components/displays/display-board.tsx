"use client";

import { useCallback, useEffect, useRef, useState, type CSSProperties } from "react";
import { Settings2, Volume2, WifiOff } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { callLine, newCalls, TV_TEXT, utterancesFor, type Announcement, type TvLanguage } from "@/lib/displays/announce";
import { DisplayFeed, type DisplayDoctorFeed } from "@/lib/schemas/displays";
import { chime, loadSoundSettings, speakAll, type DisplaySoundSettings } from "./sound";
import { DisplaySettingsDialog } from "./display-settings-dialog";

/** The skip link's target (components/layout/skip-link.tsx, a server module). */
const MAIN_CONTENT_ID = "main-content";

/** How long each language stays on screen before the other takes its turn. */
const TURN_MS = 8000;
/** How long a call stays highlighted (at least: the speech may last longer). */
const FLASH_MS = 6000;

function columns(n: number): number {
  if (n <= 3) return Math.max(n, 1);
  if (n === 4) return 2;
  if (n <= 6) return 3;
  return 4;
}

function useTurn(): TvLanguage {
  const [turn, setTurn] = useState<TvLanguage>("en");
  useEffect(() => {
    const timer = setInterval(() => setTurn((t) => (t === "en" ? "hi" : "en")), TURN_MS);
    return () => clearInterval(timer);
  }, []);
  return turn;
}

function Clock({ timeZone, lang }: { timeZone: string; lang: TvLanguage }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const locale = lang === "hi" ? "hi-IN" : "en-IN";
  const time = new Intl.DateTimeFormat("en-IN", { timeZone, hour: "numeric", minute: "2-digit", hour12: true }).format(now);
  const date = new Intl.DateTimeFormat(locale, { timeZone, weekday: "long", day: "numeric", month: "long" }).format(now);
  return (
    <div className="text-right leading-tight" data-testid="display-clock">
      <p className="text-[clamp(1.5rem,3.4vw,4.5rem)] font-bold tabular-nums">{time}</p>
      <p lang={lang} className="text-[clamp(0.9rem,1.4vw,2rem)] text-ink-muted">
        {date}
      </p>
    </div>
  );
}

function DoctorCard({ doctor, lang, flashing }: { doctor: DisplayDoctorFeed; lang: TvLanguage; flashing: boolean }) {
  const t = TV_TEXT[lang];
  const headingId = `display-doctor-${doctor.key}`;
  const size = (cqw: number, cqh: number): CSSProperties => ({ fontSize: `min(${cqw}cqw, ${cqh}cqh)` });
  return (
    <section
      aria-labelledby={headingId}
      data-display-doctor={doctor.key}
      data-flashing={flashing || undefined}
      className={cn(
        "flex min-h-0 min-w-0 flex-col overflow-hidden rounded-[2vmin] border-2 bg-surface shadow-sm transition-colors duration-300",
        flashing ? "border-primary bg-primary-soft motion-safe:animate-pulse" : "border-line",
      )}
      style={{ containerType: "size" }}
    >
      <div className="flex items-center justify-between gap-[3cqw] px-[5cqw] pt-[4cqh]">
        <h2 id={headingId} className="line-clamp-2 min-w-0 leading-tight font-semibold text-ink" style={size(6.5, 9)}>
          {doctor.doctorName}
        </h2>
        {doctor.room ? (
          <span className="shrink-0 rounded-full bg-primary px-[3cqw] py-[1cqh] font-bold text-primary-ink" style={size(6, 8)} lang={lang}>
            {doctor.room.replace(/^room\b/i, t.roomWord)}
          </span>
        ) : null}
      </div>
      <div className="flex min-h-0 flex-1 flex-col items-center justify-center">
        <p lang={lang} className="font-semibold tracking-wide text-ink-muted uppercase" style={size(5, 7)}>
          {t.nowServing}
        </p>
        {doctor.nowServing ? (
          <>
            <p data-testid="now-serving" className="leading-none font-black text-primary tabular-nums" style={size(24, 34)}>
              {doctor.nowServing.token}
            </p>
            {doctor.nowServing.initials ? (
              <p className="font-semibold text-ink-muted" style={size(6, 8)} aria-label={`Initials ${doctor.nowServing.initials}`}>
                {doctor.nowServing.initials}
              </p>
            ) : null}
          </>
        ) : (
          <p lang={lang} data-testid="now-serving-none" className="font-semibold text-ink-faint" style={size(8, 12)}>
            {t.notCalled}
          </p>
        )}
      </div>
      <div className="flex items-center gap-[3cqw] border-t border-line bg-surface-muted px-[5cqw] py-[3cqh]">
        <p lang={lang} className="shrink-0 font-semibold text-ink-muted" style={size(5, 7.5)}>
          {t.next}
        </p>
        {doctor.next.length ? (
          <ol className="flex min-w-0 flex-wrap gap-[2cqw]" aria-label={t.next} data-testid="next-tokens">
            {doctor.next.map((n) => (
              <li key={n.token} className="rounded-lg border border-line-strong bg-surface px-[2cqw] font-bold text-ink tabular-nums" style={size(5.5, 8)}>
                {n.token}
              </li>
            ))}
          </ol>
        ) : (
          <p lang={lang} className="text-ink-faint" style={size(5, 7.5)}>
            {t.noneWaiting}
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * The waiting room's TV: per doctor the token now serving and the next ones, English and Hindi by
 * turns, the clinic's name and clock. A full snapshot arrives on every (re)connection, so a TV
 * that lost the network catches up; a call flashes its doctor, chimes and is spoken once sound is on.
 */
export function DisplayBoard({ initial, sandbox }: { initial: DisplayFeed; sandbox: boolean }) {
  const [feed, setFeed] = useState(initial);
  const last = useRef<DisplayFeed>(initial);
  const [online, setOnline] = useState(true);
  const turn = useTurn();
  const [flash, setFlash] = useState<Announcement | null>(null);
  const [soundOn, setSoundOn] = useState(false);
  const [settings, setSettings] = useState<DisplaySoundSettings>(() => (typeof window === "undefined" ? { languages: ["en", "hi"], volume: 0.9, voices: {} } : loadSoundSettings()));
  const [settingsOpen, setSettingsOpen] = useState(false);
  const audio = useRef<AudioContext | null>(null);
  const pending = useRef<Announcement[]>([]);
  const playing = useRef(false);
  const settingsRef = useRef(settings);
  useEffect(() => {
    settingsRef.current = settings;
  }, [settings]);

  const play = useCallback(async () => {
    if (playing.current) return;
    playing.current = true;
    try {
      while (pending.current.length) {
        const a = pending.current.shift()!;
        setFlash(a);
        const started = Date.now();
        const s = settingsRef.current;
        if (audio.current) {
          await chime(audio.current, s.volume).catch(() => undefined);
          await speakAll(utterancesFor(a, s.languages), s).catch(() => 0);
        }
        await new Promise((r) => setTimeout(r, Math.max(0, FLASH_MS - (Date.now() - started))));
      }
    } finally {
      playing.current = false;
      setFlash(null);
    }
  }, []);

  const receive = useCallback(
    (next: DisplayFeed) => {
      const calls = newCalls(last.current, next);
      last.current = next;
      setFeed(next);
      if (calls.length) {
        pending.current.push(...calls);
        void play();
      }
    },
    [play],
  );

  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const backToPairing = () => {
      stopped = true;
      source?.close();
      window.location.replace("/display");
    };
    const connect = () => {
      if (stopped) return;
      source = new EventSource("/api/display/stream");
      source.addEventListener("snapshot", (e) => {
        const parsed = DisplayFeed.safeParse(JSON.parse((e as MessageEvent<string>).data));
        if (parsed.success) receive(parsed.data);
        setOnline(true);
      });
      source.addEventListener("revoked", backToPairing);
      source.onopen = () => setOnline(true);
      source.onerror = () => {
        setOnline(false);
        if (source?.readyState !== EventSource.CLOSED) return;
        // The server refused the stream (not a dropped line): still paired? Otherwise back to the pairing screen.
        void fetch("/api/display/feed", { cache: "no-store" })
          .then((res) => {
            if (res.status === 401 || res.status === 403) return backToPairing();
            retry = setTimeout(connect, 3000);
          })
          .catch(() => {
            retry = setTimeout(connect, 3000);
          });
      };
    };
    // The browser knows the network is gone before the stream does: say so, and reconnect the moment it is back.
    const offline = () => {
      setOnline(false);
      clearTimeout(retry);
      source?.close();
    };
    const online = () => {
      clearTimeout(retry);
      source?.close();
      connect();
    };
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, [receive]);

  const startSound = () => {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (Ctx) {
      audio.current ??= new Ctx();
      void audio.current.resume();
    }
    // Chrome unlocks speech with a first utterance made inside the gesture.
    try {
      window.speechSynthesis?.speak(Object.assign(new SpeechSynthesisUtterance(""), { volume: 0 }));
    } catch {
      // no speech on this browser: the chime and the flash remain
    }
    setSoundOn(true);
  };

  const t = TV_TEXT[turn];
  const cols = columns(feed.doctors.length);
  const rows = Math.max(1, Math.ceil(feed.doctors.length / cols));
  return (
    <div className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-canvas text-ink" data-testid="display-board">
      <header className="flex items-center justify-between gap-[2vw] border-b border-line bg-surface px-[2.5vw] py-[1.6vh]">
        <div className="min-w-0">
          <h1 className="truncate text-[clamp(1.5rem,3.4vw,4.5rem)] leading-tight font-bold">{feed.clinicName}</h1>
          <p lang={turn} className="truncate text-[clamp(0.9rem,1.4vw,2rem)] text-ink-muted">
            {t.waitingHint}
          </p>
        </div>
        <div className="flex items-center gap-[2vw]">
          {sandbox ? (
            <span className="rounded-md bg-amber-300 px-2 py-0.5 text-[clamp(0.75rem,1vw,1.25rem)] font-semibold text-amber-950" data-sandbox-mark="">
              {t.sandbox}
            </span>
          ) : null}
          <Clock timeZone={feed.timeZone} lang={turn} />
        </div>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="grid outline-none min-h-0 flex-1 gap-[1.6vmin] p-[1.6vmin]"
        style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))` }}
      >
        {feed.doctors.length ? (
          feed.doctors.map((d) => <DoctorCard key={d.key} doctor={d} lang={turn} flashing={flash?.doctor.key === d.key} />)
        ) : (
          <p lang={turn} className="self-center text-center text-[clamp(1.5rem,4vw,5rem)] font-semibold text-ink-muted">
            {t.noDoctors}
          </p>
        )}
      </main>
      <footer className="flex min-h-[9vh] items-center justify-between gap-[2vw] border-t border-line bg-surface px-[2.5vw] py-[1vh]">
        <p
          aria-live="polite"
          data-testid="display-call"
          lang={turn}
          className={cn("min-w-0 truncate text-[clamp(1.1rem,2.6vw,3.5rem)] font-bold", flash ? "text-primary" : "text-ink-muted")}
        >
          {flash ? callLine(turn, flash.doctor, flash.token, false) : ""}
        </p>
        <div className="flex shrink-0 items-center gap-3">
          {online ? null : (
            <p role="status" lang={turn} className="flex items-center gap-2 text-[clamp(0.9rem,1.3vw,1.75rem)] text-ink-muted" data-testid="display-reconnecting">
              <WifiOff aria-hidden className="size-[1.2em]" />
              {t.reconnecting}
            </p>
          )}
          {soundOn ? (
            <span className="flex items-center gap-1.5 text-[clamp(0.8rem,1.1vw,1.5rem)] text-ink-faint" lang={turn}>
              <Volume2 aria-hidden className="size-[1.2em]" />
              {t.soundOn}
            </span>
          ) : (
            <button
              type="button"
              onClick={startSound}
              className="inline-flex items-center gap-2 rounded-xl bg-primary px-4 py-2 text-[clamp(1rem,1.4vw,1.75rem)] font-semibold text-primary-ink hover:bg-primary-hover focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
            >
              <Volume2 aria-hidden className="size-[1.2em]" />
              {TV_TEXT.en.startSound} · <span lang="hi">{TV_TEXT.hi.startSound}</span>
            </button>
          )}
          <button
            type="button"
            onClick={() => setSettingsOpen(true)}
            aria-label={`${TV_TEXT.en.settings} · ${TV_TEXT.hi.settings}`}
            title={TV_TEXT.en.settings}
            className="inline-flex size-[clamp(2.5rem,3vw,4rem)] items-center justify-center rounded-xl text-ink-muted hover:bg-surface-sunken focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
          >
            <Settings2 aria-hidden className="size-1/2" />
          </button>
        </div>
      </footer>
      <DisplaySettingsDialog
        open={settingsOpen}
        settings={settings}
        onChange={setSettings}
        onClose={() => setSettingsOpen(false)}
        onTest={() => {
          if (!audio.current) startSound();
          pending.current.push({ key: `test-${Date.now()}`, doctor: feed.doctors[0] ?? { key: "test", doctorName: feed.clinicName, room: "Room 1", nowServing: null, calledAt: null, next: [] }, token: "A-001" });
          void play();
        }}
      />
    </div>
  );
}
