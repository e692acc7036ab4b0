import { withStaff } from "@/lib/server/with-staff";
import { platformConnectionSummary } from "@/lib/server/platform-settings";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "settings.read" }, async () => Response.json(platformConnectionSummary()));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
