import "server-only";
/**
 * Problem details speak in sentences (issue 29): a field message may be a catalogue key
 * ("patients.errors.dob.notReal") for the form to show in the desk's language, but `detail` is read
 * by people and API callers, so it gets the English words: "Date of birth: this date does not exist …".
 */
import { createTranslator } from "use-intl/core";
import { MESSAGES, TIME_ZONE } from "@/lib/i18n/config";
import { readMessage } from "@/lib/schemas/patient-messages";

const t = createTranslator({ locale: "en", messages: MESSAGES.en, timeZone: TIME_ZONE });
const has = (key: string) => t.has(key as Parameters<typeof t>[0]);
const say = (key: string, values?: Record<string, string | number>) => t(key as Parameters<typeof t>[0], values as Parameters<typeof t>[1]);

/** A message as words: a catalogue key (with its values) in English; a plain sentence as it came. */
export function messageWords(message: string): string {
  const read = readMessage(message);
  if ("text" in read) return message;
  return has(read.key) ? say(read.key, read.values) : message;
}

const FIELD_LABELS = MESSAGES.en.patients.fields as Record<string, string>;
const OTHER_LABELS: Record<string, string> = { body: "Request", reason: "Reason", pin: "PIN code", "idempotency-key": "Idempotency-Key header" };

/** A field path as people name it: "dob" → "Date of birth", "address.pin" → "Address, PIN code", "slotStart" → "Slot start". */
export function fieldWords(path: string): string {
  const parts = path.split(".").filter((p) => !/^\d+$/.test(p));
  const words = parts.map((p, i) => FIELD_LABELS[p] ?? OTHER_LABELS[p] ?? humanise(p, i === 0));
  return words.join(", ") || "Request";
}

function humanise(name: string, first: boolean): string {
  const spaced = name.replace(/[_-]+/g, " ").replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().trim();
  return first ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : spaced;
}

/** "Date of birth: this date does not exist: check the day and the month (DD/MM/YYYY)." */
export function fieldSentence(path: string, message: string): string {
  const words = messageWords(message).trim();
  const body = /^[A-Z][a-z]/.test(words) && !/^[A-Z]{2}/.test(words) ? words.charAt(0).toLowerCase() + words.slice(1) : words;
  return `${fieldWords(path)}: ${/[.!?]$/.test(body) ? body : `${body}.`}`;
}
