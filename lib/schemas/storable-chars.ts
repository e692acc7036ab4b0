/**
 * The one text policy for everything that enters from a browser or the platform. PostgreSQL text
 * and jsonb cannot hold NUL (U+0000), and a lone UTF-16 surrogate is no character at all (it has no
 * UTF-8 form), so either would fail at the database — possibly after the platform was written.
 * Without zod, so browser code that only checks text (the sign-in form) does not bring zod along;
 * storable-text.ts builds the schemas on it.
 */
export const UNSTORABLE_TEXT_MESSAGE = "contains a character that cannot be stored";

export const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);
