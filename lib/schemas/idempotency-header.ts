/**
 * The header that names one attempt of a request the desk may send again (registration, walk-in,
 * counter action, payment, share). A module of its own: the browser's API clients need the name,
 * not the registration rules in ./patients.ts, which building on a page's start-up costs time.
 */
export const IDEMPOTENCY_HEADER = "idempotency-key";
