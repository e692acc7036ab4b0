"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox, Label, Select } from "@/components/ui/field";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { TV_LANGUAGES, TV_TEXT, fill } from "@/lib/displays/announce";
import { saveSoundSettings, voicesFor, type DisplaySoundSettings } from "./sound";

const t = TV_TEXT.en;
const hi = TV_TEXT.hi;
const both = (en: string, h: string) => `${en} · ${h}`;

/** The TV's own sound settings (languages, volume, a voice per language), kept on the TV. */
export function DisplaySettingsDialog({
  open,
  settings,
  onChange,
  onClose,
  onTest,
}: {
  open: boolean;
  settings: DisplaySoundSettings;
  onChange(s: DisplaySoundSettings): void;
  onClose(): void;
  onTest(): void;
}) {
  const [voices, setVoices] = useState(() => ({ en: [] as SpeechSynthesisVoice[], hi: [] as SpeechSynthesisVoice[] }));
  useEffect(() => {
    if (!open) return;
    const read = () => setVoices({ en: voicesFor("en"), hi: voicesFor("hi") });
    read();
    window.speechSynthesis?.addEventListener?.("voiceschanged", read);
    return () => window.speechSynthesis?.removeEventListener?.("voiceschanged", read);
  }, [open]);
  const change = (s: DisplaySoundSettings) => {
    saveSoundSettings(s);
    onChange(s);
  };
  const languageName = { en: both(t.english, hi.english), hi: both(t.hindi, hi.hindi) };
  return (
    <ModalDialog open={open} onClose={onClose} aria-labelledby="display-settings-title" className="w-[min(36rem,92vw)]">
      <div className="space-y-5 p-6">
        <h2 id="display-settings-title" className="text-xl font-semibold">
          {both(t.settings, hi.settings)}
        </h2>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{both(t.languages, hi.languages)}</legend>
          {TV_LANGUAGES.map((lang) => (
            <Checkbox
              key={lang}
              label={languageName[lang]}
              className="mr-4"
              checked={settings.languages.includes(lang)}
              onChange={(e) => change({ ...settings, languages: TV_LANGUAGES.filter((l) => (l === lang ? e.target.checked : settings.languages.includes(l))) })}
            />
          ))}
        </fieldset>
        <div>
          <Label htmlFor="display-volume">{both(t.volume, hi.volume)}</Label>
          <input
            id="display-volume"
            type="range"
            min={0}
            max={100}
            step={5}
            value={Math.round(settings.volume * 100)}
            onChange={(e) => change({ ...settings, volume: Number(e.target.value) / 100 })}
            className="mt-2 w-full accent-primary"
          />
        </div>
        {TV_LANGUAGES.map((lang) => (
          <div key={lang}>
            <Label htmlFor={`display-voice-${lang}`}>{fill(t.voice, { language: languageName[lang] })}</Label>
            {voices[lang].length ? (
              <Select
                id={`display-voice-${lang}`}
                className="mt-1.5 h-10"
                value={settings.voices[lang] ?? ""}
                onChange={(e) => change({ ...settings, voices: { ...settings.voices, [lang]: e.target.value || undefined } })}
              >
                <option value="">{both(t.autoVoice, hi.autoVoice)}</option>
                {voices[lang].map((v) => (
                  <option key={v.voiceURI} value={v.voiceURI}>
                    {v.name} ({v.lang})
                  </option>
                ))}
              </Select>
            ) : (
              <p id={`display-voice-${lang}`} className="mt-1.5 text-sm text-ink-muted">
                {both(t.noVoice, hi.noVoice)}
              </p>
            )}
          </div>
        ))}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onTest}>
            {both(t.testSound, hi.testSound)}
          </Button>
          <Button onClick={onClose}>{both(t.close, hi.close)}</Button>
        </div>
      </div>
    </ModalDialog>
  );
}
