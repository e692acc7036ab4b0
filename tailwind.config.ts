import type { Config } from "tailwindcss";

/**
 * Colours are CSS variables (set in app/globals.css for light and `.dark`), so one class such as
 * `bg-surface` serves both themes and contrast is tuned in one place.
 */
const token = (name: string) => `var(--color-${name})`;

/** The system faces after the bundled Devanagari one (Latin text, and Devanagari if the bundled face is missing). */
const SYSTEM_SANS = [
  "system-ui",
  "-apple-system",
  "Segoe UI",
  "Roboto",
  "Helvetica Neue",
  "Arial",
  "Noto Sans",
  "Noto Sans Devanagari",
  "Nirmala UI",
  "Mangal",
  "sans-serif",
];

const config: Config = {
  darkMode: "class",
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}", "./lib/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        canvas: token("canvas"),
        surface: token("surface"),
        "surface-muted": token("surface-muted"),
        "surface-sunken": token("surface-sunken"),
        line: token("line"),
        "line-strong": token("line-strong"),
        ink: token("ink"),
        "ink-muted": token("ink-muted"),
        "ink-faint": token("ink-faint"),
        primary: {
          DEFAULT: token("primary"),
          hover: token("primary-hover"),
          soft: token("primary-soft"),
          "soft-ink": token("primary-soft-ink"),
          ink: token("primary-ink"),
        },
        danger: {
          DEFAULT: token("danger"),
          soft: token("danger-soft"),
          "soft-ink": token("danger-soft-ink"),
          ink: token("danger-ink"),
        },
        warning: {
          DEFAULT: token("warning"),
          soft: token("warning-soft"),
          "soft-ink": token("warning-soft-ink"),
        },
        success: {
          soft: token("success-soft"),
          "soft-ink": token("success-soft-ink"),
        },
        info: {
          soft: token("info-soft"),
          "soft-ink": token("info-soft-ink"),
        },
        focus: token("focus"),
      },
      fontFamily: {
        sans: ["Desk Devanagari", ...SYSTEM_SANS],
        // The language switch's Devanagari label: a face of its few glyphs (see app/globals.css).
        "language-label": ["Desk Devanagari Label", ...SYSTEM_SANS],
        mono: ["ui-monospace", "SFMono-Regular", "Menlo", "Consolas", "monospace"],
      },
      boxShadow: {
        card: "0 1px 2px 0 rgb(15 23 42 / 0.06), 0 1px 3px 0 rgb(15 23 42 / 0.04)",
        raised: "0 10px 30px -12px rgb(15 23 42 / 0.25)",
      },
      maxWidth: {
        prose: "72ch",
      },
    },
  },
};

export default config;
