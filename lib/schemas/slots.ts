import { z } from "zod";
import { addDays, daysInclusive, isRealDay } from "./calendar";
import { storableText } from "./storable-text";

export { addDays, daysInclusive };

/** Longest window the platform's slot listing accepts, in calendar days (platform notes, "Slots"). */
export const MAX_PLATFORM_WINDOW_DAYS = 10;
/** Longest range the app's own slot route accepts; it splits it into platform-sized windows. */
export const MAX_APP_RANGE_DAYS = 31;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The calendar day a platform date parameter names: `YYYY-MM-DD` or an ISO date-time
 * (`YYYY-MM-DDT00:00:00.000Z`, with or without an offset). Undefined when unparseable.
 */
export function platformDateDay(value: string): string | undefined {
  const m = ISO_RE.exec(value.trim());
  if (!m) return undefined;
  if (!isRealDay(`${m[1]}-${m[2]}-${m[3]}`)) return undefined;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** A calendar day, YYYY-MM-DD. */
export const CalendarDay = storableText()
  .trim()
  .regex(DATE_RE, "Use a date like 2026-11-23.")
  // zod runs this check even when the pattern failed; the pattern has already said why.
  .refine((v) => !DATE_RE.test(v) || isRealDay(v), "This is not a real calendar date.");

/** Splits an inclusive day range into consecutive windows of at most `size` days. */
export function splitIntoWindows(from: string, to: string, size = MAX_PLATFORM_WINDOW_DAYS): { from: string; to: string }[] {
  const windows: { from: string; to: string }[] = [];
  for (let start = from; daysInclusive(start, to) > 0; start = addDays(start, size)) {
    const end = addDays(start, size - 1);
    windows.push({ from: start, to: daysInclusive(end, to) > 0 ? end : to });
  }
  return windows;
}

const PlatformId = storableText().trim().min(1, "Required.").max(64, "At most 64 characters.").regex(/^[A-Za-z0-9._:-]+$/, "Only letters, digits and . _ : - are allowed.");

/** Query of the app's slot route. */
export const SlotRangeQuery = z
  .strictObject({
    doctorId: PlatformId,
    clinicId: PlatformId,
    from: CalendarDay,
    to: CalendarDay,
  })
  .superRefine((v, ctx) => {
    // A range check on a date that is itself wrong would only add noise.
    if (!CalendarDay.safeParse(v.from).success || !CalendarDay.safeParse(v.to).success) return;
    const days = daysInclusive(v.from, v.to);
    if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "The end date is before the start date." });
    else if (days > MAX_APP_RANGE_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `Choose at most ${MAX_APP_RANGE_DAYS} days at a time.` });
  });
export type SlotRangeQuery = z.infer<typeof SlotRangeQuery>;

// ---- The app's own shapes ----

export const SlotService = z.object({
  confId: z.string(),
  serviceId: z.number(),
  name: z.string(),
  appointmentType: z.string(),
  modes: z.array(z.string()),
  currency: z.string(),
  price: z.number(),
  convenienceFee: z.number(),
  discount: z.number(),
  /** price + convenience fee − discount, never below zero. */
  finalAmount: z.number(),
  prePay: z.boolean(),
  postPay: z.boolean(),
  patientBookable: z.boolean(),
});
export type SlotService = z.infer<typeof SlotService>;

export const Slot = z.object({
  confId: z.string(),
  serviceType: z.string(),
  /** ISO date-time with the clinic's offset, as the platform sent it. */
  start: z.string(),
  end: z.string(),
  available: z.boolean(),
});
export type Slot = z.infer<typeof Slot>;

export const SlotCalendar = z.object({
  doctorId: z.string(),
  clinicId: z.string(),
  from: z.string(),
  to: z.string(),
  services: z.array(SlotService),
  slots: z.array(Slot),
});
export type SlotCalendar = z.infer<typeof SlotCalendar>;

export const BOOKING_MODES = ["in_clinic", "tele"] as const;

/** Body of the app's booking route. */
export const BookingRequest = z.object({
  idempotencyKey: z.string().uuid("A booking key is required; reload the page."),
  doctorId: PlatformId,
  clinicId: PlatformId,
  patientId: storableText().trim().min(1, "Choose a patient.").max(100),
  confId: storableText().trim().min(1, "Choose a service.").max(64),
  start: storableText().trim().refine((v) => platformDateDay(v) !== undefined && v.includes("T"), "The slot time is not valid."),
  mode: storableText().trim().min(1, "Choose how the patient will be seen.").max(32),
});
export type BookingRequest = z.infer<typeof BookingRequest>;

export const Booking = z.object({
  appointmentId: z.string(),
  doctorId: z.string(),
  clinicId: z.string(),
  patientId: z.string(),
  confId: z.string(),
  start: z.string(),
  end: z.string(),
  mode: z.string(),
  status: z.string(),
});
export type Booking = z.infer<typeof Booking>;
