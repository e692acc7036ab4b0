import type { DisplayDoctorFeed, DisplayFeed } from "@/lib/schemas/displays";
// The TV's words are plain templates (fill below), not the desk's compiled catalogue: files of their own.
import tvEn from "@/lib/i18n/messages/displays/tv-en.json";
import tvHi from "@/lib/i18n/messages/displays/tv-hi.json";

/** The display speaks and shows both languages by turns, whatever the desk's language: both are bundled. */
export const TV_LANGUAGES = ["en", "hi"] as const;
export type TvLanguage = (typeof TV_LANGUAGES)[number];
export const TV_TEXT = { en: tvEn, hi: tvHi satisfies Record<keyof typeof tvEn, string> } as const;
export type TvText = typeof TV_TEXT.en;
/** The BCP 47 tag each language is spoken in. */
export const SPEECH_LANG: Record<TvLanguage, string> = { en: "en-IN", hi: "hi-IN" };

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}

/** "A-012" is said "A 12": separators become pauses and leading zeros are not read out. */
export function spokenToken(label: string): string {
  return label
    .replace(/\d+/g, (n) => String(Number(n)))
    .replace(/[-_/.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A room label in a language: "Room 2" reads "कमरा 2" in Hindi; any other label is kept as typed. */
export function roomIn(lang: TvLanguage, room: string): string {
  const m = /^room\s*(.+)$/i.exec(room.trim());
  return m ? `${TV_TEXT[lang].roomWord} ${m[1]}` : room.trim();
}

/** "Token A-012 — please go to Room 2" (shown) or "Token A 12, please go to Room 2" (spoken), in one language. */
export function callLine(lang: TvLanguage, doctor: Pick<DisplayDoctorFeed, "room" | "doctorName">, token: string, spoken: boolean): string {
  const t = TV_TEXT[lang];
  const shownToken = spoken ? spokenToken(token) : token;
  return doctor.room
    ? fill(spoken ? t.sayGoTo : t.goTo, { token: shownToken, room: roomIn(lang, doctor.room) })
    : fill(spoken ? t.sayGoToDoctor : t.goToDoctor, { token: shownToken, doctor: doctor.doctorName });
}

export interface Announcement {
  key: string;
  doctor: DisplayDoctorFeed;
  token: string;
}

/**
 * The calls to announce between two snapshots: a doctor whose token now serving was called since
 * (call next, or a recall of the same token). The first snapshot announces nothing: a TV switched
 * on mid-morning does not call out the token already in the room.
 */
export function newCalls(before: DisplayFeed | null, after: DisplayFeed): Announcement[] {
  if (!before) return [];
  const earlier = new Map(before.doctors.map((d) => [d.key, d.calledAt]));
  return after.doctors
    .filter((d) => d.nowServing && d.calledAt && d.calledAt !== earlier.get(d.key) && (earlier.get(d.key) ?? "") < d.calledAt)
    .map((d) => ({ key: `${d.key}@${d.calledAt}`, doctor: d, token: d.nowServing!.token }));
}

export interface Utterance {
  lang: string;
  text: string;
}

/** What is said for one call, in the languages the display speaks, in order. */
export function utterancesFor(a: Announcement, languages: readonly TvLanguage[]): Utterance[] {
  return languages.map((lang) => ({ lang: SPEECH_LANG[lang], text: callLine(lang, a.doctor, a.token, true) }));
}
