// Without zod (./drugs.ts re-exports it): the prescription reader, in the drugs page's first download, counts lines with it.

/** A whole prescription pasted at once (typed or OCR text): one medicine a line. */
export const PRESCRIPTION_MAX_LINES = 30;
