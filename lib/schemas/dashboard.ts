import { z } from "zod";
import { DASHBOARD_RANGES } from "@/lib/billing/dashboard-range";

/** The owner's dashboard and its CSV: a clinic and a period (custom: two days, DD/MM/YYYY or YYYY-MM-DD). */
export const DashboardQuery = z.strictObject({
  clinicId: z.string().trim().min(1, "Choose a clinic.").max(100),
  range: z.enum(DASHBOARD_RANGES, "Choose today, this week, this month, this financial year or custom."),
  from: z.string().trim().max(10, "Type the day as DD/MM/YYYY.").optional(),
  to: z.string().trim().max(10, "Type the day as DD/MM/YYYY.").optional(),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

const paise = z.number().int();
const count = z.number().int().nonnegative();

export const DashboardDay = z.object({
  day: z.string(),
  visits: count,
  newPatients: count,
  returning: count,
  noShows: count,
  /** Net of credit notes issued that day. */
  collectedPaise: paise,
});
export type DashboardDay = z.infer<typeof DashboardDay>;

export const Dashboard = z.object({
  clinicId: z.string(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(DashboardDay),
  totals: z.object({
    visits: count,
    newPatients: count,
    returning: count,
    noShows: count,
    /** Appointments that were not cancelled: what the no-show rate is out of. */
    expected: count,
    /** Check-in to first call, over the visits that have both. */
    averageWaitSeconds: z.number().int().nullable(),
    waited: count,
    receiptsPaise: paise,
    creditNotesPaise: paise,
    /** Taken by the platform online and marked "platform only" in Reconcile: counted once, as its own method. */
    platformPaise: paise,
    /** Counter receipts − credit notes + platform only. */
    collectedPaise: paise,
  }),
  byMethod: z.array(z.object({ method: z.enum(["cash", "upi", "card", "platform"]), paise })),
  /** doctorId "" (no name): a platform receipt whose appointment the desk does not know. */
  byDoctor: z.array(z.object({ doctorId: z.string(), doctorName: z.string(), paise })),
  /** The visit's service: the platform's name for a booked one, else the desk's fee kind (new case, follow-up); "online": a platform receipt of an appointment the desk does not know. */
  byService: z.array(z.object({ feeKind: z.enum(["booked_service", "new_case", "follow_up", "online"]), label: z.string().nullable(), paise })),
  /** Platform receipts of the period no one has decided about yet in Reconcile: shown, not counted. */
  platformWaiting: z.object({ count, paise }),
  dues: z.object({ bills: count, billedPaise: paise, unbilledVisits: count, unbilledPaise: paise }),
});
export type Dashboard = z.infer<typeof Dashboard>;
