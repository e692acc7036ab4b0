import { useEffect, useRef } from "react";

/**
 * Enter pressed while results are still catching up with the typing is kept and carried out
 * once they have, on the then-current result; a fast typist's Enter is never dropped, and never
 * acts on a stale list.
 */
export function useDeferredEnter<T>(settled: boolean, current: T | undefined, act: (item: T) => void) {
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current || !settled) return;
    pending.current = false;
    if (current !== undefined) act(current);
  });
  return {
    press() {
      if (settled && current !== undefined) act(current);
      else if (!settled) pending.current = true;
    },
    cancel() {
      pending.current = false;
    },
  };
}
