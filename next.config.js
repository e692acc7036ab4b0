/**
 * Security headers for every answer. Pages get their Content-Security-Policy, with a per-request
 * script nonce, from proxy.ts (lib/content-security-policy.ts); everything else (API answers,
 * static files) gets this one, which allows nothing to run.
 */
const STATIC_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * One random stamp per production build, the same in the browser's code (`__DESK_BUILD__`, read by
 * lib/build-stamp.ts) and in the `x-desk-build` header of every /api answer (headers are taken from
 * the build's routes manifest at `next start`, not from this file again). Kept in the environment so
 * every evaluation of this file within one build, workers included, agrees. `next dev`: "development".
 */
function buildStamp(phase) {
  if (phase !== "phase-production-build") return "development";
  process.env.DESK_BUILD_STAMP ??= require("node:crypto").randomBytes(6).toString("hex");
  return process.env.DESK_BUILD_STAMP;
}

const { MESSAGE_CATALOGUE } = require("./lib/i18n/precompile-loader.cjs");

/** @type {(phase: string) => import('next').NextConfig} */
module.exports = (phase) => {
  const stamp = buildStamp(phase);
  return {
    reactStrictMode: true,
    // Turbopack puts a string value in as a string literal (no JSON.stringify, unlike webpack's DefinePlugin).
    compiler: { define: { __DESK_BUILD__: stamp } },
    // `npm test` type-checks the whole project (`npm run typecheck`: route types, then tsc) right
    // after building, beside the unit tests, and unbuilds if that fails: its build skips Next's own,
    // identical pass. Every other build (`npm start`, `npm run build`, `npm run cluster`) checks types.
    typescript: { ignoreBuildErrors: process.env.DESK_TYPES_CHECKED_ALONGSIDE === "1" },
    poweredByHeader: false,
    serverExternalPackages: ["@electric-sql/pglite", "undici"],
    turbopack: {
      // The browser's catalogues arrive compiled (lib/i18n/precompile-loader.cjs) and are formatted by
      // use-intl's format-only runtime: intl-messageformat's parser is not downloaded.
      rules: {
        "*.json": {
          condition: { all: ["browser", { path: MESSAGE_CATALOGUE }] },
          loaders: [require.resolve("./lib/i18n/precompile-loader.cjs")],
          as: "*.js",
        },
      },
      resolveAlias: {
        "use-intl/format-message": { browser: "use-intl/format-message/format-only" },
      },
    },
    experimental: {
      authInterrupts: true,
      // The build cache makes a rebuild after a small change ~10 s instead of ~70 s, but writing it
      // costs ~11 s; a CI run builds once from a clean checkout and never reads it.
      turbopackFileSystemCacheForBuild: process.env.CI !== "true",
    },
    async rewrites() {
      return [
        { source: "/.well-known/jwks.json", destination: "/api/oidc/jwks" },
        { source: "/.well-known/openid-configuration", destination: "/api/oidc/configuration" },
      ];
    },
    async headers() {
      return [
        {
          source: "/:path*",
          headers: [
            { key: "X-Content-Type-Options", value: "nosniff" },
            { key: "X-Frame-Options", value: "DENY" },
            { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
            // The camera for the desk's own pages only (reading ABHA QR codes); never for a frame from elsewhere.
            { key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=(), payment=()" },
            { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
            { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
          ],
        },
        {
          source: "/api/:path*",
          headers: [
            { key: "Content-Security-Policy", value: STATIC_CSP },
            { key: "x-desk-build", value: stamp },
          ],
        },
        { source: "/_next/static/:path*", headers: [{ key: "Content-Security-Policy", value: STATIC_CSP }] },
        // A page requested with a body skips the proxy (see its matcher): no nonce, so no script runs.
        ...["content-length", "transfer-encoding"].map((key) => ({
          source: "/((?!api/|_next/).*)",
          has: [{ type: "header", key }],
          headers: [{ key: "Content-Security-Policy", value: STATIC_CSP }],
        })),
      ];
    },
  };
};
