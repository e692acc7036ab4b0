import fc from "fast-check";

/**
 * One code point of U+0000–U+10FFFF other than a surrogate half, as a string: what fast-check's
 * `unit: "binary"` draws (astral characters as whole pairs), with the same leaning towards small
 * code points and the ends of the range. fast-check builds a table of the whole range the first time
 * "binary" is used in a process (~0.75 s of CPU in each test worker); this draws the same values
 * without it. Use as `fc.string({ unit: anyCodePoint })`.
 */
export const anyCodePoint: fc.Arbitrary<string> = fc
  .integer({ min: 0, max: 0x10ffff - 0x800 })
  .map((n) => String.fromCodePoint(n < 0xd800 ? n : n + 0x800));
