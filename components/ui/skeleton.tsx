import { cn } from "./cn";

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden data-placeholder="" className={cn("animate-pulse rounded-md bg-surface-sunken", className)} />;
}
