/** The cookie a paired waiting-room display holds (a random token, stored hashed): read by the proxy, the display routes and withStaff. */
export const DISPLAY_COOKIE = "desk-display";
/** The cookie a TV holds while it shows a pairing code: it collects the display cookie with it, once. */
export const DISPLAY_PAIRING_COOKIE = "desk-display-pairing";
/** Where a display lives; every other page sends a display session here. */
export const DISPLAY_PATH = "/display";
