/**
 * Optimal-string-alignment (Damerau-Levenshtein) distance for the sandbox's formulary search. It gives
 * up early, answering max + 1, once every alignment is past `max`.
 */

// Three reusable rows, so a scan over hundreds of names allocates nothing per comparison.
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  if (rows[0]!.length <= b.length) rows = rows.map(() => new Int32Array(b.length * 2 + 1));
  let [before, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  let prevMin = 0;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) v = Math.min(v, before[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    // A transposition reaches back two rows (adding one), so both must be at or past the limit.
    if (rowMin > max && prevMin >= max) return max + 1;
    [before, prev, cur] = [prev, cur, before];
    prevMin = rowMin;
  }
  return Math.min(prev[b.length]!, max + 1);
}
