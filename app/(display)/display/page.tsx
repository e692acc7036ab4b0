import type { Metadata } from "next";
import { cookies } from "next/headers";
import { DisplayBoard } from "@/components/displays/display-board";
import { PairingScreen } from "@/components/displays/pairing-screen";
import { DISPLAY_COOKIE } from "@/lib/display-cookies";
import { db } from "@/lib/server/db";
import { displayFeed, displayForToken, touchDisplay } from "@/lib/server/displays/displays";
import { platformDemo } from "@/lib/server/platform-demo";
import { counterConfig } from "@/lib/server/counter-settings/counter-config";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Waiting room" };

/**
 * The waiting-room TV: a paired display shows its clinic's queue (tokens and initials only); any
 * other browser (never paired, or revoked) shows a pairing code. Staff sign-in is not needed here.
 */
export default async function DisplayPage() {
  const store = await db();
  const display = await displayForToken(store, (await cookies()).get(DISPLAY_COOKIE)?.value);
  if (!display) return <PairingScreen sandbox={!!platformDemo()} />;
  await touchDisplay(store, display.id);
  return <DisplayBoard initial={await displayFeed(store, display, await counterConfig(store))} sandbox={!!platformDemo()} />;
}
