import { useEffect, useState } from "react";

export function useDebouncedValue<T>(value: T, delayMs: number, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (isEqual(value, debounced)) return;
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, debounced, delayMs, isEqual]);
  return debounced;
}
