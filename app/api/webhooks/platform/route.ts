import { handlePlatformWebhook } from "@/lib/server/webhooks";

export const dynamic = "force-dynamic";

/** Called by the platform, not by staff: authenticated by the webhook signature, not a session. */
export const POST = (req: Request) => handlePlatformWebhook(req);
