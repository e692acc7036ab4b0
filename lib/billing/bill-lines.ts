/**
 * The bill lines the desk itself names (the platform's service names and the clinic's procedure
 * names are shown as they were given). They are stored in English, the record of what was billed,
 * and shown in the page's language through `deskLineKey`.
 */
export const DESK_LINE_LABELS = {
  registration: "Registration",
  newCase: "New-case consultation",
  followUp: "Follow-up consultation",
} as const;

export type DeskLineKey = keyof typeof DESK_LINE_LABELS;

/** Which of the desk's own names a stored line carries, or null for a name given by the platform or the clinic. */
export function deskLineKey(line: { kind: string; label: string }): DeskLineKey | null {
  if (line.kind !== "registration" && line.kind !== "consultation") return null;
  const found = (Object.keys(DESK_LINE_LABELS) as DeskLineKey[]).find((k) => DESK_LINE_LABELS[k] === line.label);
  return found ?? null;
}
