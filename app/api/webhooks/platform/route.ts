import { handlePlatformWebhook } from "@/lib/server/webhooks";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

/** Called by the platform, not by staff: authenticated by the webhook signature, not a session. */
export const POST = (req: Request) => handlePlatformWebhook(req);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
