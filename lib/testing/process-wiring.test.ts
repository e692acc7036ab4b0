/** The test-only wiring: what env(), database(), services() and the route wrappers answer while it is installed, and after. */
import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { database, db } from "@/lib/server/db";
import { services } from "@/lib/server/services";
import { routeWiring } from "@/lib/server/route-wiring";
import { getStaffSession } from "@/lib/server/auth/session";
import { installWiring, databaseOf } from "./process-wiring";
import { failOnLeftWiring } from "./wiring-leak";

describe("the process wiring a test installs", () => {
  it("is what env(), database(), db(), services() and the route wrappers answer, until it is removed", async () => {
    const marker = {};
    const staffSession = async () => null;
    const remove = installWiring({ env: () => ({ appUrl: "http://wired.test" }), database: databaseOf(marker), services: { platform: marker }, routes: { staffSession } }, "the wiring test");
    try {
      expect(env().appUrl).toBe("http://wired.test");
      expect(await db()).toBe(marker);
      expect((await database()).db).toBe(marker);
      expect((await services()).platform).toBe(marker);
      expect(routeWiring().staffSession).toBe(staffSession);
    } finally {
      remove();
    }
    // Removed: the real ones again (the real configuration; the real session reader).
    expect(env().appUrl).not.toBe("http://wired.test");
    expect(routeWiring().staffSession).toBe(getStaffSession);
  });

  it("refuses a second wiring over the first, naming who installed it", () => {
    const remove = installWiring({ env: () => ({}) }, "the first file");
    try {
      expect(() => installWiring({ env: () => ({}) }, "the second file")).toThrow(/already installed \(by the first file\)/);
    } finally {
      remove();
    }
  });

  it("left installed, fails the next test file loudly, and only that one", () => {
    installWiring({ env: () => ({}) }, "a file that forgot to remove it");
    expect(() => failOnLeftWiring()).toThrow(/installed by a file that forgot to remove it was still in place/);
    // The check removed it: the file after that one starts clean.
    expect(() => failOnLeftWiring()).not.toThrow();
  });
});
