/**
 * What a desk page does when its session ends. A module of its own, without zod or the API client:
 * the sign-out button, on every desk page and on a refused one, needs only this.
 */
let signingOut = false;

/**
 * This desk's own sign-out has begun and will open the sign-in page itself. A live stream or a
 * refresh that learns of the ended session meanwhile must not race it to a sign-in page that would
 * bring the next person back to this one's page.
 */
export function signingOutHere(): void {
  signingOut = true;
}

/** The session ended while this page was open (signed out elsewhere, deactivated): sign in again, then come back here. */
export function signInAgain(): void {
  if (signingOut) return;
  const here = window.location.pathname + window.location.search;
  // A full load, not a client navigation: nothing of the ended session's data stays in memory.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign(`/login?callbackUrl=${encodeURIComponent(here)}`);
}
