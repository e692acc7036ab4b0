import { withStaff } from "@/lib/server/with-staff";
import { platformConnectionSummary } from "@/lib/server/platform-settings";

export const GET = withStaff({ feature: "settings" }, async () => Response.json(platformConnectionSummary()));
