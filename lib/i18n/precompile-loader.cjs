/**
 * A bundler loader for the browser's message catalogues (lib/i18n/messages/…/{en,hi}.json): every
 * ICU message is compiled ahead of time with icu-minify, so the browser formats it with use-intl's
 * small format-only runtime instead of downloading and running intl-messageformat's parser (~9 KiB
 * gzip, and every message parsed on the main thread the first time it is shown). The server keeps the
 * plain catalogue and use-intl's parser: both produce the same text (lib/i18n/precompiled.test.ts).
 * next.config.js applies it in browser bundles only, to the files MESSAGE_CATALOGUE matches.
 */

/** Catalogue files: messages/{en,hi}.json and messages/<feature>/{en,hi}.json (not the TV's tv-*.json, read as plain text). */
const MESSAGE_CATALOGUE = /(?:^|[\\/])lib[\\/]i18n[\\/]messages[\\/](?:[A-Za-z]+[\\/])?(?:en|hi)\.json$/;

/** The catalogue with each message replaced by its compiled form (JSON-serialisable). */
function precompile(catalogue, compile) {
  const walk = (value, path) => {
    if (typeof value === "string") return compile(value);
    if (value && typeof value === "object" && !Array.isArray(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, `${path}.${k}`)]));
    throw new Error(`Message catalogue: ${path} is neither a message nor a group of messages`);
  };
  return walk(catalogue, "(root)");
}

function precompileLoader(source) {
  const callback = this.async();
  import("icu-minify/compile").then(
    ({ default: compile }) => {
      try {
        callback(null, `export default ${JSON.stringify(precompile(JSON.parse(source), compile))};`);
      } catch (error) {
        callback(error);
      }
    },
    (error) => callback(error),
  );
}

module.exports = precompileLoader;
module.exports.precompile = precompile;
module.exports.MESSAGE_CATALOGUE = MESSAGE_CATALOGUE;
