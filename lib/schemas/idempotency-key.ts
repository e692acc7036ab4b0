import { z } from "zod";

/** One attempt's key (the Idempotency-Key header's value), kept apart from the registration rules so a page that only sends a key does not build them. */
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "Idempotency-Key must be 16–64 letters, digits, - or _.");
