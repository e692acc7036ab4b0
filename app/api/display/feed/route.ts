import { displayFeed, touchDisplay } from "@/lib/server/displays/displays";
import { withDisplay } from "@/lib/server/displays/with-display";
import { otherMethods } from "@/lib/server/route-methods";
import { counterConfig } from "@/lib/server/counter-settings/counter-config";

export const dynamic = "force-dynamic";

/** The display's whole picture now (tokens and initials only): what a TV shows before its stream connects. */
export const GET = withDisplay(async ({ display, db }) => {
  await touchDisplay(db, display.id);
  return Response.json(await displayFeed(db, display, await counterConfig(db)), { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
