"use client";

import { Plus, Trash2 } from "lucide-react";
import { useTranslations } from "use-intl";
import { EXTRAS_MAX_KEY_LENGTH } from "@/lib/schemas/patient-extras";
import { Button } from "@/components/ui/button";
import { FieldError, Input, Select } from "@/components/ui/field";
import { useErrorText } from "./error-text";
import { extrasRowProblems, isIgnoredRow, type ExtrasChild, type ExtrasKind, type ExtrasRow } from "./extras-rows";

const newId = () => crypto.randomUUID();
const KINDS: ExtrasKind[] = ["text", "list", "group", "json"];

/** Named extra fields, checked against the platform's five extras rules as they are typed. */
export function ExtrasEditor({ rows, onChange, serverErrors = {} }: { rows: ExtrasRow[]; onChange: (rows: ExtrasRow[]) => void; serverErrors?: Partial<Record<string, string>> }) {
  const t = useTranslations("patients.extras");
  const errorText = useErrorText();
  const problems = Object.fromEntries(Object.entries(extrasRowProblems(rows)).map(([id, message]) => [id, errorText(message)]));
  const update = (id: string, change: Partial<ExtrasRow>) => onChange(rows.map((r) => (r.id === id ? { ...r, ...change } : r)));
  const updateChild = (row: ExtrasRow, id: string, change: Partial<ExtrasChild>) =>
    update(row.id, { children: row.children.map((c) => (c.id === id ? { ...c, ...change } : c)) });
  const serverError = (row: ExtrasRow) => errorText(serverErrors[`extras.${row.key.trim()}`] ?? (rows[0] === row ? serverErrors.extras : undefined));

  return (
    <div className="mt-2">
      <p id="extras-hint" className="text-xs text-ink-muted">
        {t("hint")}
      </p>
      {rows.length === 0 ? <p className="mt-3 text-sm text-ink-muted">{t("empty")}</p> : null}
      <ul className="mt-3 grid gap-3">
        {rows.map((row, index) => {
          const error = problems[row.id] ?? serverError(row);
          const errorId = `extras-${row.id}-error`;
          return (
            <li key={row.id} className="rounded-lg border border-line p-3">
              <div className="grid gap-2 sm:grid-cols-[10rem_8rem_minmax(0,1fr)_auto] sm:items-start">
                <div>
                  <label htmlFor={`extras-${row.id}-key`} className="text-xs font-medium text-ink-muted">
                    {t("key")} {index + 1}
                  </label>
                  <Input
                    id={`extras-${row.id}-key`}
                    data-field="extras"
                    value={row.key}
                    maxLength={EXTRAS_MAX_KEY_LENGTH + 8}
                    invalid={!!error}
                    aria-describedby={[error ? errorId : null, "extras-hint"].filter(Boolean).join(" ")}
                    onChange={(e) => update(row.id, { key: e.target.value })}
                  />
                </div>
                <div>
                  <label htmlFor={`extras-${row.id}-kind`} className="text-xs font-medium text-ink-muted">
                    {t("kind")}
                  </label>
                  <Select
                    id={`extras-${row.id}-kind`}
                    className="h-10"
                    value={row.kind}
                    onChange={(e) => {
                      const kind = e.target.value as ExtrasKind;
                      update(row.id, { kind, children: kind === "group" && row.children.length === 0 ? [{ id: newId(), key: "", value: "" }] : row.children });
                    }}
                  >
                    {KINDS.map((k) => (
                      <option key={k} value={k}>
                        {k === "json" ? "JSON" : t(`kind${k[0]!.toUpperCase()}${k.slice(1)}` as "kindText")}
                      </option>
                    ))}
                  </Select>
                </div>
                {row.kind === "group" ? (
                  <fieldset className="grid gap-2">
                    <legend className="text-xs font-medium text-ink-muted">{t("value")}</legend>
                    {row.children.map((child) => (
                      <div key={child.id} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] gap-2">
                        <Input aria-label={`${row.key || t("key")}: ${t("key")}`} value={child.key} invalid={!!problems[child.id]} aria-describedby={problems[child.id] ? `extras-${child.id}-error` : undefined} onChange={(e) => updateChild(row, child.id, { key: e.target.value })} />
                        <Input aria-label={`${row.key || t("key")}: ${child.key || t("value")}`} value={child.value} onChange={(e) => updateChild(row, child.id, { value: e.target.value })} />
                        <Button variant="ghost" size="icon" onClick={() => update(row.id, { children: row.children.filter((c) => c.id !== child.id) })}>
                          <Trash2 aria-hidden className="size-4" />
                          <span className="sr-only">{t("remove", { key: child.key || t("key") })}</span>
                        </Button>
                        <div className="col-span-3 -mt-1">
                          <FieldError id={`extras-${child.id}-error`}>{problems[child.id]}</FieldError>
                        </div>
                      </div>
                    ))}
                    <Button variant="secondary" size="sm" className="justify-self-start" onClick={() => update(row.id, { children: [...row.children, { id: newId(), key: "", value: "" }] })}>
                      <Plus aria-hidden className="size-4" />
                      {t("addToGroup")}
                    </Button>
                  </fieldset>
                ) : (
                  <div>
                    <label htmlFor={`extras-${row.id}-value`} className="text-xs font-medium text-ink-muted">
                      {t("value")}
                    </label>
                    <Input
                      id={`extras-${row.id}-value`}
                      value={row.value}
                      placeholder={row.kind === "list" ? t("listHint") : row.kind === "json" ? '{"a": 1} or [1, 2]' : undefined}
                      onChange={(e) => update(row.id, { value: e.target.value })}
                    />
                  </div>
                )}
                <Button variant="ghost" size="icon" className="sm:mt-5" onClick={() => onChange(rows.filter((r) => r.id !== row.id))}>
                  <Trash2 aria-hidden className="size-4" />
                  <span className="sr-only">{t("remove", { key: row.key || `${t("key")} ${index + 1}` })}</span>
                </Button>
              </div>
              {isIgnoredRow(row) ? <p className="mt-2 text-xs text-warning-soft-ink">{t("ignored")}</p> : null}
              <FieldError id={errorId}>{error}</FieldError>
            </li>
          );
        })}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => onChange([...rows, { id: newId(), key: "", kind: "text", value: "", children: [] }])}>
          <Plus aria-hidden className="size-4" />
          {t("add")}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onChange([...rows, { id: newId(), key: "", kind: "group", value: "", children: [{ id: newId(), key: "", value: "" }] }])}>
          <Plus aria-hidden className="size-4" />
          {t("addGroup")}
        </Button>
      </div>
    </div>
  );
}
