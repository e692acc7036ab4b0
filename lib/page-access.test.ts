import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageAction } from "./page-access";

/** Every desk page that refuses a role itself (`if (!can(role, "x")) forbidden()`), with the address it answers at. */
function refusingPages(): { address: string; action: string }[] {
  const root = path.join(process.cwd(), "app", "(desk)");
  const found: { address: string; action: string }[] = [];
  for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
    if (path.basename(file) !== "page.tsx") continue;
    const text = readFileSync(path.join(root, file), "utf8");
    for (const m of text.matchAll(/if \(!can\([\w.]+, "([\w.]+)"\)\) forbidden\(\)/g)) {
      const segments = path.dirname(file).split(path.sep).filter((s) => s !== "." && !/^\(.*\)$/.test(s));
      found.push({ address: `/${segments.map((s) => (/^\[.*\]$/.test(s) ? "some-id" : s)).join("/")}`, action: m[1]! });
    }
  }
  return found;
}

describe("page access", () => {
  const pages = refusingPages();
  it("finds the desk's pages that refuse a role", () => {
    expect(pages.map((p) => p.address)).toEqual(expect.arrayContaining(["/patients/new", "/billing/dashboard", "/billing/reconcile"]));
  });
  // The layout answers HTTP 403 from this table before the page streams; a page missing here would
  // answer 200 with the refusal behind its loading skeleton.
  it.each(pages)("$address is refused by the layout for want of $action, as the page itself refuses", ({ address, action }) => {
    expect(pageAction(address)).toBe(action);
  });
});
