import "server-only";

/**
 * Typo-tolerant name matching that an ordinary GIN index can serve: each stored name token
 * gives its prefixes ("p:") and its one-deletion variants ("d:"); a typed token matches when
 * it is a prefix of a stored token or both share a one-deletion variant (edit distance ≤ 1,
 * including a swapped pair of letters).
 */
const MIN_TYPO_LENGTH = 4;

export function nameTokens(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function deletions(token: string): string[] {
  const out = new Set<string>([token]);
  if (token.length >= MIN_TYPO_LENGTH) for (let i = 0; i < token.length; i++) out.add(token.slice(0, i) + token.slice(i + 1));
  return [...out];
}

/** Keys stored with a patient for the given name parts. */
export function nameSearchKeys(...names: (string | null | undefined)[]): string[] {
  const keys = new Set<string>();
  for (const token of nameTokens(names.filter(Boolean).join(" "))) {
    for (let i = 1; i <= token.length; i++) keys.add(`p:${token.slice(0, i)}`);
    for (const d of deletions(token)) keys.add(`d:${d}`);
  }
  return [...keys];
}

/** For each typed token, the keys any one of which must be present: a prefix or a near miss. */
export function nameQueryKeys(query: string): string[][] {
  return nameTokens(query).map((token) => [`p:${token}`, ...(token.length >= MIN_TYPO_LENGTH ? deletions(token).map((d) => `d:${d}`) : [])]);
}
