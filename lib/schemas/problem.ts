import { z } from "zod";

/** RFC 9457 problem details, as every route handler answers errors. */
export const Problem = z.object({
  type: z.string().default("about:blank"),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  /** Field name → message, for 400s that a form can show beside each field. */
  errors: z.record(z.string(), z.string()).optional(),
  /** Seconds after which a retry makes sense (429, 503). */
  retryAfter: z.number().optional(),
  /** A stable, machine-readable reason (e.g. "doctor_not_at_clinic"), so a page can choose its words. */
  code: z.string().optional(),
  /** `urn:request:<id>`: the request id staff read out to IT, found in the server's and the platform's logs. */
  instance: z.string().optional(),
});
export type Problem = z.infer<typeof Problem>;
export { PROBLEM_CONTENT_TYPE } from "./problem-body";
