import type { ComponentProps, ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "./cn";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("rounded-xl border border-line bg-surface shadow-card", className)} {...props} />;
}

/**
 * A card that is a landmark of its own, named by its heading (`aria-labelledby`): a `section`,
 * because ARIA does not allow a name on a plain `div`.
 */
export function CardSection({ className, ...props }: ComponentProps<"section"> & { "aria-labelledby": string }) {
  return <section className={cn("rounded-xl border border-line bg-surface shadow-card", className)} {...props} />;
}

/** A card's title with its icon; `id` is what the card's aria-labelledby names. */
export function CardHeading({ id, icon: Icon, children }: { id: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-ink">
      <Icon aria-hidden className="size-5" />
      {children}
    </h2>
  );
}
