import { z } from "zod";

export const DayCloseQuery = z.strictObject({ clinicId: z.string().trim().min(1, "Choose a clinic.").max(100) });

export const DayCloseRequest = z.strictObject({
  clinicId: z.string().trim().min(1, "Choose a clinic.").max(100),
  /** Notes and coins counted, by their value in rupees ("500": 3). */
  denominations: z.record(z.string().max(5), z.number("Count the notes or coins: a whole number, 0 or more.")).refine((d) => Object.keys(d).length <= 12, "At most 12 denominations."),
  note: z.string().trim().max(300, "At most 300 characters.").optional(),
});
export type DayCloseRequest = z.infer<typeof DayCloseRequest>;

export const ReopenRequest = z.strictObject({ reason: z.string().trim().min(3, "Say why the day is reopened.").max(300, "At most 300 characters.") });

export const DayCloseView = z.object({
  clinicId: z.string(),
  cashierId: z.string(),
  day: z.string(),
  totals: z.object({
    cashPaise: z.number().int(),
    upiPaise: z.number().int(),
    cardPaise: z.number().int(),
    cashRefundPaise: z.number().int(),
    upiRefundPaise: z.number().int(),
    cardRefundPaise: z.number().int(),
    expectedCashPaise: z.number().int(),
    receipts: z.number().int(),
  }),
  close: z
    .object({ id: z.string(), generation: z.number().int(), countedCashPaise: z.number().int(), denominations: z.record(z.string(), z.number()), differencePaise: z.number().int(), note: z.string().nullable(), closedBy: z.string().nullable(), closedAt: z.string() })
    .nullable(),
  closed: z.boolean(),
});
export type DayCloseView = z.infer<typeof DayCloseView>;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A day is YYYY-MM-DD.");
export const CashierDaysQuery = z.strictObject({ clinicId: z.string().trim().min(1, "Choose a clinic.").max(100), from: Day, to: Day });

/** One cashier's day at a clinic, as an admin reviews it. */
export const CashierDay = z.object({
  cashierId: z.string(),
  cashierName: z.string().nullable(),
  day: z.string(),
  state: z.enum(["open", "closed", "reopened"]),
  expectedCashPaise: z.number().int(),
  countedCashPaise: z.number().int().nullable(),
  differencePaise: z.number().int().nullable(),
  upiPaise: z.number().int(),
  cardPaise: z.number().int(),
  receipts: z.number().int(),
  note: z.string().nullable(),
  close: z.object({ id: z.string(), generation: z.number().int(), closedBy: z.string().nullable(), closedAt: z.string() }).nullable(),
  reopen: z.object({ by: z.string().nullable(), reason: z.string(), at: z.string() }).nullable(),
});
export type CashierDay = z.infer<typeof CashierDay>;
