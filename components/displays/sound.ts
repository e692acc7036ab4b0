"use client";

import { TV_LANGUAGES, type TvLanguage, type Utterance } from "@/lib/displays/announce";

/** What the person setting up the TV chose; kept on the TV itself (localStorage), never on the server. */
export interface DisplaySoundSettings {
  languages: TvLanguage[];
  /** 0–1, for the chime and the voice. */
  volume: number;
  /** A voiceURI per language; absent: the best installed voice for it. */
  voices: Partial<Record<TvLanguage, string>>;
}

export const DEFAULT_SOUND_SETTINGS: DisplaySoundSettings = { languages: ["en", "hi"], volume: 0.9, voices: {} };
const STORAGE_KEY = "waiting-room-display:sound";

export function loadSoundSettings(): DisplaySoundSettings {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") as Partial<DisplaySoundSettings> | null;
    if (!raw || typeof raw !== "object") return DEFAULT_SOUND_SETTINGS;
    const languages = Array.isArray(raw.languages) ? TV_LANGUAGES.filter((l) => raw.languages!.includes(l)) : DEFAULT_SOUND_SETTINGS.languages;
    const volume = typeof raw.volume === "number" && raw.volume >= 0 && raw.volume <= 1 ? raw.volume : DEFAULT_SOUND_SETTINGS.volume;
    const voices: DisplaySoundSettings["voices"] = {};
    for (const l of TV_LANGUAGES) if (typeof raw.voices?.[l] === "string") voices[l] = raw.voices[l];
    return { languages, volume, voices };
  } catch {
    return DEFAULT_SOUND_SETTINGS;
  }
}

export function saveSoundSettings(s: DisplaySoundSettings): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(s));
  } catch {
    // A TV in private mode keeps its settings until it reloads.
  }
}

const speech = (): SpeechSynthesis | undefined => (typeof window !== "undefined" && "speechSynthesis" in window ? window.speechSynthesis : undefined);

/** The installed voices that speak a language (en: any English, India's first; hi: Hindi). */
export function voicesFor(lang: TvLanguage): SpeechSynthesisVoice[] {
  const all = speech()?.getVoices() ?? [];
  const mine = all.filter((v) => v.lang.toLowerCase().replace("_", "-").startsWith(lang));
  return mine.sort((a, b) => Number(b.lang.toLowerCase().endsWith("-in")) - Number(a.lang.toLowerCase().endsWith("-in")));
}

export function voiceFor(lang: TvLanguage, settings: DisplaySoundSettings): SpeechSynthesisVoice | null {
  const voices = voicesFor(lang);
  return voices.find((v) => v.voiceURI === settings.voices[lang]) ?? voices[0] ?? null;
}

/** A two-note chime ("ding-dong") made in Web Audio: no sound file to fetch or cache. */
export function chime(ctx: AudioContext, volume: number): Promise<void> {
  const start = ctx.currentTime + 0.02;
  const notes: [number, number][] = [
    [880, 0],
    [659.25, 0.32],
  ];
  for (const [freq, at] of notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.5 * volume), start + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.9);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + at);
    osc.stop(start + at + 0.95);
  }
  return new Promise((resolve) => setTimeout(resolve, 1300));
}

/**
 * Says each utterance in turn with the chosen (or best) voice of its language. A language with no
 * installed voice is left out; answers how many were spoken, so the caller knows whether only the
 * chime and the flash told the room.
 */
export async function speakAll(utterances: Utterance[], settings: DisplaySoundSettings): Promise<number> {
  const synth = speech();
  if (!synth) return 0;
  let spoken = 0;
  for (const u of utterances) {
    const lang = (TV_LANGUAGES.find((l) => u.lang.startsWith(l)) ?? "en") as TvLanguage;
    const voice = voiceFor(lang, settings);
    if (!voice) continue;
    const utterance = new SpeechSynthesisUtterance(u.text);
    utterance.lang = u.lang;
    utterance.voice = voice;
    utterance.volume = settings.volume;
    utterance.rate = 0.9;
    await new Promise<void>((resolve) => {
      const timeout = setTimeout(resolve, 15_000);
      utterance.onend = utterance.onerror = () => {
        clearTimeout(timeout);
        resolve();
      };
      synth.speak(utterance);
    });
    spoken++;
  }
  return spoken;
}
