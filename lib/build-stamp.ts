/**
 * Which build of the desk this code belongs to. next.config.js stamps one random value per build into
 * the code (`compiler.define`) and into a header on every /api answer (`x-desk-build`, from the
 * build's routes manifest), so a page still open from before a deploy can tell that the server now
 * runs another build and ask for a reload instead of reading answers it was not built for.
 * Shared by the browser and the server; imports nothing.
 */
declare const __DESK_BUILD__: string | undefined;

export const BUILD_HEADER = "x-desk-build";

/** This code's build; "development" under `next dev` and outside Next (tests, scripts). */
export const THIS_BUILD: string = typeof __DESK_BUILD__ === "string" ? __DESK_BUILD__ : "development";
