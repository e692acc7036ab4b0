import { dayInZone } from "./calendar";
import * as clock from "@/lib/clock";

// Without zod (unlike ./patient-fields.ts, which re-exports it): the patient and queue pages show ages
// from it at first paint, and only their forms validate.

/** Today's date (YYYY-MM-DD) in India, where the clinics are: a birth "today" in IST is not in the future. */
export function todayInIndia(now = clock.nowDate()): string {
  return dayInZone(now, "Asia/Kolkata");
}
