import { Stethoscope } from "lucide-react";

export function Brand({ name, tagline }: { name: string; tagline?: string }) {
  return (
    <span className="flex items-center gap-2.5">
      <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-ink shadow-sm">
        <Stethoscope className="size-5" />
      </span>
      <span className="flex flex-col leading-tight">
        <span className="text-sm font-semibold text-ink">{name}</span>
        {tagline ? <span className="text-xs text-ink-muted">{tagline}</span> : null}
      </span>
    </span>
  );
}
