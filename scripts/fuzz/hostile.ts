/** What a hostile client sends: strings, values, bodies and encodings that no form would produce. */
import fc from "fast-check";
import type { Json } from "../../lib/testing/route-inputs";

const anyUtf16Unit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** Strings that broke or could break something: storage, display, paths, headers, parsers. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "Mum\u0000bai",
    "\ud800",
    "x\udfffy",
    "\udc00\ud800",
    "\u202eevil.pdf\u202c",
    "\u200b\u200d\ufeff",
    "../../../etc/passwd",
    "<script>alert(1)</script>",
    "' OR '1'='1' --",
    "%00",
    "%ff",
    "\r\nSet-Cookie: x=1",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩🏽‍⚕️",
    "नमस्ते",
    "e\u0301\u0301\u0301\u0301",
    "__proto__",
    "constructor",
    "",
    " ",
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: anyUtf16Unit, maxLength: 20 }),
  fc.tuple(fc.string({ maxLength: 5 }), fc.constantFrom("\u0000", "\ud800", "\udfff"), fc.string({ maxLength: 5 })).map((p) => p.join("")),
  fc.integer({ min: 300, max: 70_000 }).map((n) => "A".repeat(n)),
);

/** Deeply nested arrays or objects (JSON.stringify itself recurses, so deeper ones are sent as text: deepJsonText). */
const deep: fc.Arbitrary<Json> = fc.tuple(fc.integer({ min: 100, max: 1500 }), fc.boolean()).map(([depth, arrays]) => {
  let v: Json = "bottom\u0000";
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
  return v;
});

export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  fc.integer(),
  fc.double().map((d) => (Number.isFinite(d) ? d : 0)),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText.map((s) => s.slice(0, 40)), hostileText, { maxKeys: 3 }),
  deep,
);

/** A body whose keys try to reach prototypes: the JSON text names them literally. */
export const prototypeKeys = fc.constantFrom("__proto__", "constructor", "prototype");

/** Query strings a parser may choke on: bad percent-encoding, NUL, stray separators. */
export const rawQuery = fc.constantFrom("%ff", "%E0%A4%A", "%", "%%", "%00=1", "q=%00", "q=%ED%A0%80", "q=%C0%AF", "a=1&a=2&a=%00", "=&=&", "q=" + "%41".repeat(2000));

/** Path segments a router may choke on: malformed percent-encoding, dot segments, NUL, overlong UTF-8. */
export const rawPathSegment = fc.constantFrom("%ff", "%E0%A4%A", "%", "a%00b", "%2e%2e", "..%2f..%2fetc", "%ED%A0%80");

export const wrongContentType = fc.constantFrom(
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=utf-16",
  "",
);

/** JSON nested 10,000 to 200,000 levels deep, as text. */
export const deepJsonText = fc.tuple(fc.integer({ min: 10_000, max: 200_000 }), fc.boolean()).map(([depth, arrays]) =>
  arrays ? `${"[".repeat(depth)}"x\u0000"${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}"x"${"}".repeat(depth)}`,
);

export const badJsonText = fc.constantFrom("{", "[1,2", '{"a":}', "nul", "\u0000", '{"a":"\\ud800"}', '{"a":"\\u0000"}', "1e999999", '"' + "a".repeat(100_000) + '"');
