"use client";

import { useCallback, useEffect, useState } from "react";

const STORAGE_KEY = "live-feed-alerts";

/** A short two-tone chime made in the browser, so there is no audio file to load. */
export function playChime() {
  const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  const ctx = new Ctx();
  [880, 1320].forEach((freq, i) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    const start = ctx.currentTime + i * 0.18;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.16);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + 0.17);
  });
  setTimeout(() => void ctx.close(), 800);
}

/** Sound and browser-notification preferences, remembered on this computer. */
export function useFeedAlerts() {
  const [sound, setSound] = useState(false);
  const [notify, setNotify] = useState(false);
  const [blocked, setBlocked] = useState(false);

  // Read after hydration (the server cannot know this computer's preference).
  useEffect(() => {
    let saved: { sound?: boolean; notify?: boolean } = {};
    try {
      saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}") as typeof saved;
    } catch {
      // a damaged preference is simply forgotten
    }
    const timer = setTimeout(() => {
      setSound(!!saved.sound);
      setNotify(!!saved.notify && typeof Notification !== "undefined" && Notification.permission === "granted");
    }, 0);
    return () => clearTimeout(timer);
  }, []);

  const save = (next: { sound: boolean; notify: boolean }) => localStorage.setItem(STORAGE_KEY, JSON.stringify(next));

  const toggleSound = useCallback(
    (on: boolean) => {
      setSound(on);
      save({ sound: on, notify });
      if (on) playChime();
    },
    [notify],
  );

  const toggleNotify = useCallback(
    async (on: boolean) => {
      if (on && typeof Notification !== "undefined" && Notification.permission !== "granted") {
        const permission = await Notification.requestPermission();
        if (permission !== "granted") {
          setBlocked(true);
          return;
        }
      }
      setBlocked(false);
      setNotify(on);
      save({ sound, notify: on });
    },
    [sound],
  );

  return { sound, notify, blocked, toggleSound, toggleNotify, notificationsSupported: typeof window !== "undefined" && "Notification" in window };
}
