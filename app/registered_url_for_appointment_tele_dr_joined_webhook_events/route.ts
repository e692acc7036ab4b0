import { handlePlatformWebhook } from "@/lib/server/webhooks";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

/** The spec's literal receiver path (4.12), an alias of /api/webhooks/platform. */
export const POST = (req: Request) => handlePlatformWebhook(req);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
