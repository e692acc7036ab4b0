import type { ReactNode } from "react";
import { Card } from "./card";

/** Centered message card for 403, 404 and error pages. */
export function StatusPage({ icon, code, title, body, actions }: { icon: ReactNode; code?: string; title: string; body: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-lg p-8 text-center">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary-soft-ink">{icon}</div>
        {code ? <p className="text-xs font-semibold tracking-wider text-ink-faint uppercase">{code}</p> : null}
        <h1 className="mt-1 text-xl font-semibold text-ink">{title}</h1>
        <div className="mt-2 text-sm text-ink-muted">{body}</div>
        {actions ? <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div> : null}
      </Card>
    </div>
  );
}
