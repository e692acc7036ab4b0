import { z } from "zod";
import { isBuiltInMark, MARK_KEY, MAX_MARKS } from "@/lib/queue/priority-marks";
import { CalendarDay } from "./slots";
import { storableText } from "./storable-text";

const Id = z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9._:-]+$/, "This id has characters an id never has.");

/** A room as a waiting room reads it: "Room 2", "OPD 3", "कक्ष 4"; empty clears it. */
export const RoomName = storableText()
  .trim()
  .max(30, "Keep a room under 30 characters.")
  .refine((v) => !/[<>\u0000-\u001f\u007f]/.test(v), { message: "A room is plain text: no < > or control characters." })
  .transform((v) => v || null);

/** Settings → Rooms: one doctor's usual room at a clinic, and (optionally) another for one day. */
export const DoctorRoomInput = z.strictObject({
  clinicId: Id,
  doctorId: Id,
  /** YYYY-MM-DD for one day's room; absent for the usual room. */
  day: CalendarDay.optional(),
  room: RoomName.nullable(),
});
export type DoctorRoomInput = z.infer<typeof DoctorRoomInput>;

export const DoctorRoom = z.strictObject({
  doctorId: z.string(),
  doctorName: z.string(),
  usualRoom: z.string().nullable(),
  /** The room for the day asked for (today unless the page chose a later day). */
  todayRoom: z.string().nullable(),
  /** The room the slip, display and counter say on that day: the day's, else the usual one. */
  room: z.string().nullable(),
});
export type DoctorRoom = z.infer<typeof DoctorRoom>;
/** `day` is the day shown (today or a later one the page chose); `today` is the clinic's today, the earliest day a room can be set for. */
export const ClinicRooms = z.strictObject({ clinicId: z.string(), day: z.string(), today: z.string(), doctors: z.array(DoctorRoom) });
export type ClinicRooms = z.infer<typeof ClinicRooms>;

const MarkLabel = storableText()
  .trim()
  .max(40, "Keep a name under 40 characters.")
  .refine((v) => !/[<>\u0000-\u001f\u007f]/.test(v), { message: "A name is plain text: no < > or control characters." })
  .transform((v) => v || null);

/** Settings → Priority marks: the whole list in order of precedence (a mark is retired, never removed). */
export const PriorityMarksInput = z
  .strictObject({
    marks: z
      .array(
        z.strictObject({
          key: z.string().regex(MARK_KEY, "A key is lower-case letters, digits and _, starting with a letter (at most 32)."),
          label: MarkLabel.nullable(),
          labelHi: MarkLabel.nullable(),
          retired: z.boolean(),
        }),
      )
      .min(1, "Keep at least one mark (retire the others).")
      .max(MAX_MARKS * 4, "Too many marks."),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.marks.forEach((m, i) => {
      if (seen.has(m.key)) ctx.addIssue({ code: "custom", path: ["marks", i, "key"], message: "Each mark is listed once." });
      seen.add(m.key);
      if (!m.label && !isBuiltInMark(m.key)) ctx.addIssue({ code: "custom", path: ["marks", i, "label"], message: "Name the mark in English." });
    });
    if (v.marks.filter((m) => !m.retired).length > MAX_MARKS) ctx.addIssue({ code: "custom", path: ["marks"], message: `At most ${MAX_MARKS} marks in use at once.` });
  });
export type PriorityMarksInput = z.infer<typeof PriorityMarksInput>;

/** `day` (YYYY-MM-DD, today or later) shows that day's rooms; absent, today's. */
export const ClinicRoomsQuery = z.strictObject({ clinicId: Id, day: CalendarDay.optional() });
export type ClinicRoomsQuery = z.infer<typeof ClinicRoomsQuery>;

export const PriorityMarkList = z.strictObject({
  marks: z.array(z.object({ key: z.string(), label: z.string().nullable(), labelHi: z.string().nullable().optional(), retired: z.boolean().optional() })),
});
export type PriorityMarkList = z.infer<typeof PriorityMarkList>;
