/** Each service keeps one colour across the legend and the grid, by its place in the legend. */
const DOTS = ["bg-primary", "bg-warning", "bg-info-soft-ink", "bg-success-soft-ink", "bg-ink-muted"] as const;

export function serviceDot(index: number): string {
  return DOTS[index % DOTS.length]!;
}
