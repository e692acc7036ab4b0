function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter((p) => !/^dr\.?$/i.test(p));
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}

export function StaffSummary({ name, roleLabel }: { name: string; roleLabel: string }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary-soft-ink">
        {initials(name)}
      </span>
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="truncate text-sm font-medium text-ink">{name}</span>
        <span className="truncate text-xs text-ink-muted">{roleLabel}</span>
      </span>
    </div>
  );
}
