import "server-only";
import { DISPLAY_COOKIE } from "@/lib/display-cookies";
import { requestCookie } from "../auth/request-cookie";
import { db } from "../db";
import { displayForToken, type Display } from "./displays";

/** The paired display a request comes from (its cookie names a display that is not revoked), or null. */
export async function displayFromRequest(req: Request): Promise<Display | null> {
  const token = requestCookie(req, DISPLAY_COOKIE);
  return token ? displayForToken(await db(), token) : null;
}

/** Whether the request carries a display's cookie at all: such a browser is a TV, refused everywhere but its feed. */
export const carriesDisplayCookie = (req: Request) => requestCookie(req, DISPLAY_COOKIE) !== undefined;
