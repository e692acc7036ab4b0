/**
 * Orders names (doctors, clinics) in a list as localeCompare does for the names a desk holds, in Latin
 * or Devanagari script (Unicode lists both alphabets in their order): letters first regardless of case,
 * then lower case before capitals. Not localeCompare itself: its collator's first use costs 15–20 ms
 * of a page's start-up (ICU's data; 60–80 ms on a phone's slower CPU), and the queue sorts its doctors
 * as it starts.
 */
export function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a === b ? 0 : a > b ? -1 : 1;
}
