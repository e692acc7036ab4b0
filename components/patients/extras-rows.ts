import { extrasProblems, isIgnoredExtrasKey } from "@/lib/schemas/patient-extras";
import { patientError } from "@/lib/schemas/patient-messages";

export type ExtrasKind = "text" | "list" | "group" | "json";

export interface ExtrasChild {
  id: string;
  key: string;
  value: string;
}

/** One line of the extras editor: a key and a value of one kind (a group holds named text values). */
export interface ExtrasRow {
  id: string;
  key: string;
  kind: ExtrasKind;
  value: string;
  children: ExtrasChild[];
}

const scalar = (text: string): string | number | boolean => {
  const t = text.trim();
  if (t === "true" || t === "false") return t === "true";
  if (/^-?\d+(\.\d+)?$/.test(t) && t.length < 16) return Number(t);
  return t;
};

/** Parses a JSON row; undefined when it is not JSON. */
function jsonValue(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function extrasFromRows(rows: ExtrasRow[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (!key) continue;
    if (row.kind === "text") out[key] = scalar(row.value);
    else if (row.kind === "list") out[key] = row.value.split(",").map((s) => s.trim()).filter(Boolean).map(scalar);
    else if (row.kind === "group") out[key] = Object.fromEntries(row.children.filter((c) => c.key.trim()).map((c) => [c.key.trim(), scalar(c.value)]));
    else {
      const parsed = jsonValue(row.value);
      out[key] = parsed.ok ? parsed.value : row.value;
    }
  }
  return out;
}

/**
 * Inline messages per row (and per group child) for the five extras rules, checked with the
 * same function the shared schema uses; also a repeated key and JSON that does not parse.
 */
export function extrasRowProblems(rows: ExtrasRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  const seen = new Map<string, string>();
  for (const row of rows) {
    const key = row.key.trim();
    if (!key && (row.value.trim() || row.children.length)) out[row.id] = patientError("extras.giveKey");
    if (key && seen.has(key)) out[row.id] = patientError("extras.keyTwice", { key });
    if (key) seen.set(key, row.id);
    if (row.kind === "json" && row.value.trim() && !jsonValue(row.value).ok) out[row.id] = patientError("extras.notJson");
  }
  const built = extrasFromRows(rows);
  for (const problem of extrasProblems(built)) {
    const [top, inner] = problem.path;
    const row = rows.find((r) => r.key.trim() === top);
    if (!row) continue;
    const child = typeof inner === "string" && row.kind === "group" ? row.children.find((c) => c.key.trim() === inner) : undefined;
    out[child?.id ?? row.id] ??= problem.message;
  }
  return out;
}

export const isIgnoredRow = (row: { key: string }) => isIgnoredExtrasKey(row.key.trim());

/** The stored extras back into editor rows (for the edit page). */
export function rowsFromExtras(extras: Record<string, unknown>, newId: () => string): ExtrasRow[] {
  return Object.entries(extras).map(([key, value]): ExtrasRow => {
    const id = newId();
    if (Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null) && !value.some((v) => typeof v === "string" && v.includes(","))) {
      return { id, key, kind: "list", value: value.map(String).join(", "), children: [] };
    }
    if (value && typeof value === "object" && !Array.isArray(value) && Object.values(value).every((v) => typeof v !== "object" || v === null)) {
      return { id, key, kind: "group", value: "", children: Object.entries(value).map(([k, v]) => ({ id: newId(), key: k, value: String(v) })) };
    }
    if (typeof value === "object" && value !== null) return { id, key, kind: "json", value: JSON.stringify(value), children: [] };
    return { id, key, kind: "text", value: String(value ?? ""), children: [] };
  });
}
