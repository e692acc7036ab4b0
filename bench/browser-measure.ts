/** What the Chromium suites share: the browser's flags, percentiles and the one clock both sides read. */
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
export const ms = (x: number) => `${x.toFixed(1)} ms`;
/** Milliseconds since the epoch on the page's clock scale (performance.timeOrigin + now), for latencies measured across Node and the page. */
export const epoch = () => performance.timeOrigin + performance.now();
