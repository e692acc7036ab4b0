/** The first signs of a hand on the desk: the mouse moving, a press, a key, a touch. */
export const USER_ACTS = ["pointermove", "pointerdown", "keydown", "touchstart"] as const;

/** Runs `task` once, at the user's first move on the page (any of `acts`); returns what stops waiting. */
export function whenUserActs(task: () => void, acts: readonly (keyof WindowEventMap)[] = USER_ACTS): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => acts.forEach((e) => window.removeEventListener(e, run, options));
  function run() {
    stop();
    task();
  }
  acts.forEach((e) => window.addEventListener(e, run, options));
  return stop;
}
