import { handleShareCallback } from "@/lib/server/abdm";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

/** Called by the ABDM gateway, not by staff (Scan & Share): authenticated by the gateway's signed bearer token. */
export const POST = (req: Request) => handleShareCallback(req);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
