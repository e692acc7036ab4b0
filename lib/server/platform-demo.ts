import "server-only";
import { env } from "@/lib/env";
import { demoCapability, platformMode as modeOf, type DemoApi } from "@/lib/platform/client";

/**
 * The sandbox platform's demo-only capability for the configured platform, or undefined with a real
 * one: the same object the app's platform client offers as `platform.demo` (the client decides,
 * lib/platform/client/demo.ts). For code without a platform client at hand: pages and layouts,
 * the database's demo staff, sign-in, health.
 */
export function platformDemo(): DemoApi | undefined {
  return demoCapability(env().platform);
}

/** "sandbox" (demo data, not for clinical use) or "live", as health and the settings page report it. */
export function platformMode(): "sandbox" | "live" {
  return modeOf(env().platform);
}
