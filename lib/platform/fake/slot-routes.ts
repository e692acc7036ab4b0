import { randomUUID } from "node:crypto";
import { z } from "zod";
import { finalAmount, PlatformBookingRequest, PlatformBookingResponse, PlatformService } from "../wire/slots";
import { dayInZone, daysInclusive, MAX_WINDOW_DAYS, requestDay } from "./days";
import type { Authenticate } from "./authenticate";
import type { SandboxRoute, Services } from "./context";
import { badRequest, HttpError } from "./errors";
import { DEMO_CLINICS, DEMO_DOCTORS, type DemoClinic, type DemoDoctor } from "./practice-data";
import { findService, generateSlots, slotKey, takenByDemoPatients, type GeneratedSlot } from "./slot-calendar";
import { controlRoute } from "./control-routes";
import { PlatformAppointment, PlatformCancelRequest, PlatformRescheduleRequest } from "../wire/appointments";
import { SandboxReceiptRequest, SandboxReceiptUpdate } from "../wire/receipts";
import { platformReceipts } from "./receipts";

export interface StoredAppointment {
  appointment_id: string;
  partner_appointment_id: string | null;
  doctor_id: string;
  clinic_id: string;
  patient_id: string;
  conf_id: string;
  start_time: string;
  end_time: string;
  mode: string;
  status: "booked" | "cancelled";
  cancel_reason?: string | null;
  created_at: string;
  updated_at?: string;
  /** "partner" when booked through the API, "sandbox" when a test took the slot. */
  source: "partner" | "sandbox";
}

const notFound = (code: string, message: string) => new HttpError(404, code, message);
const conflict = (code: string, message: string) => new HttpError(409, code, message);

function practiceOf(doctorId: string, clinicId: string): { doctor: DemoDoctor; clinic: DemoClinic } {
  const doctor = DEMO_DOCTORS.find((d) => d.id === doctorId);
  if (!doctor) throw notFound("DOCTOR_NOT_FOUND", `No doctor with id ${doctorId}`);
  const clinic = DEMO_CLINICS.find((c) => c.id === clinicId);
  if (!clinic) throw notFound("CLINIC_NOT_FOUND", `No clinic with id ${clinicId}`);
  if (!doctor.schedule[clinic.id]) throw notFound("DOCTOR_NOT_AT_CLINIC", `${doctor.name} does not practise at ${clinic.name}`);
  return { doctor, clinic };
}

/** Only the spec's fields leave the sandbox. */
const publicService = (s: PlatformService): PlatformService => PlatformService.parse(s);

function dateParam(url: URL, name: string): string {
  const raw = url.searchParams.get(name);
  if (raw === null || raw.trim() === "") throw badRequest(`${name} is required`, "INVALID_REQUEST");
  const day = requestDay(raw);
  if (!day) throw badRequest(`${name} is not a date (use YYYY-MM-DD or an ISO 8601 date-time): ${raw.slice(0, 40)}`, "INVALID_DATE");
  return day;
}

/** Slot listing (spec 2.4 / 4.8), booking (`POST /dr/v1/appointment`) and their /__sandbox helpers. */
export function slotRoutes(s: Services, authenticate: Authenticate): SandboxRoute[] {
  const appointments = s.store.collection<StoredAppointment>("appointments");
  const booked = new Set(appointments.values().filter((a) => a.status === "booked").map((a) => slotKey(a.doctor_id, a.clinic_id, a.conf_id, Date.parse(a.start_time))));

  // Demo slots a test asked to have free (POST /__sandbox/slots/release), whatever the seed says.
  const released = s.store.collection<true>("releasedDemoSlots");
  const isFree = (doctorId: string, clinicId: string, slot: GeneratedSlot, now: number) => {
    const key = slotKey(doctorId, clinicId, slot.confId, Date.parse(slot.s));
    return Date.parse(slot.s) > now && (released.has(key) || !takenByDemoPatients(s.config.demoSeed, doctorId, clinicId, slot)) && !booked.has(key);
  };

  function findSlot(doctor: DemoDoctor, clinic: DemoClinic, confId: string, startTime: string): GeneratedSlot {
    const start = Date.parse(startTime);
    if (Number.isNaN(start) || !startTime.includes("T")) throw badRequest(`start_time is not an ISO 8601 date-time: ${startTime.slice(0, 40)}`, "INVALID_DATE");
    if (!findService(doctor, confId)) throw notFound("SERVICE_NOT_FOUND", `${doctor.name} has no service ${confId}`);
    const day = dayInZone(start, clinic.offset);
    const slot = generateSlots(doctor, clinic, day, day).find((g) => g.confId === confId && Date.parse(g.s) === start);
    if (!slot) throw notFound("SLOT_NOT_FOUND", `No ${confId} slot starts at ${startTime} at ${clinic.name}`);
    return slot;
  }

  function eventPayload(a: StoredAppointment, doctor: DemoDoctor) {
    const svc = findService(doctor, a.conf_id)!;
    return {
      appointment_id: a.appointment_id,
      partner_appointment_id: a.partner_appointment_id,
      doctor_id: a.doctor_id,
      clinic_id: a.clinic_id,
      patient_id: a.patient_id,
      conf_id: svc.conf_id,
      service_id: svc.service_id,
      service_name: svc.service_name,
      appointment_type: svc.appointment_type,
      mode: a.mode,
      start_time: a.start_time,
      end_time: a.end_time,
      status: a.status,
      amount: { price: svc.price, conv_fee: svc.conv_fee, discount: svc.discount, total: finalAmount(svc), currency: svc.currency },
      pre_pay: svc.pre_pay,
      post_pay: svc.post_pay,
      created_at: a.created_at,
    };
  }

  function activeAppointment(id: string): { appointment: StoredAppointment; doctor: DemoDoctor; clinic: DemoClinic } {
    const appointment = appointments.get(id);
    if (!appointment) throw notFound("APPOINTMENT_NOT_FOUND", `No appointment with id ${id}`);
    if (appointment.status !== "booked") throw conflict("APPOINTMENT_NOT_ACTIVE", `Appointment ${id} is ${appointment.status}`);
    return { appointment, ...practiceOf(appointment.doctor_id, appointment.clinic_id) };
  }

  function updated(a: StoredAppointment, doctor: DemoDoctor, change: "cancelled" | "rescheduled", previousStart: string | null) {
    s.events.emit("appointment.updated", { ...eventPayload(a, doctor), cancel_reason: a.cancel_reason ?? null, change, previous_start_time: previousStart, updated_at: a.updated_at });
  }

  /** Cancel frees the slot for anyone else. */
  function cancel(id: string, reason: string): StoredAppointment {
    const { appointment, doctor } = activeAppointment(id);
    const next: StoredAppointment = { ...appointment, status: "cancelled", cancel_reason: reason, updated_at: new Date(s.now()).toISOString() };
    appointments.set(id, next);
    booked.delete(slotKey(next.doctor_id, next.clinic_id, next.conf_id, Date.parse(next.start_time)));
    updated(next, doctor, "cancelled", null);
    return next;
  }

  /** Reschedule takes the new slot and frees the old one in one step, or changes nothing. */
  function reschedule(id: string, input: PlatformRescheduleRequest): StoredAppointment {
    const { appointment, doctor, clinic } = activeAppointment(id);
    const slot = findSlot(doctor, clinic, input.conf_id, input.start_time);
    const svc = findService(doctor, input.conf_id)!;
    if (!svc.mode.includes(appointment.mode)) throw badRequest(`mode ${appointment.mode} is not offered for ${svc.service_name}`, "INVALID_MODE");
    const oldKey = slotKey(appointment.doctor_id, appointment.clinic_id, appointment.conf_id, Date.parse(appointment.start_time));
    const newKey = slotKey(doctor.id, clinic.id, svc.conf_id, Date.parse(slot.s));
    if (newKey === oldKey) return appointment;
    if (!isFree(doctor.id, clinic.id, slot, s.now())) throw conflict("SLOT_NOT_AVAILABLE", "The new slot is no longer available");
    const next: StoredAppointment = { ...appointment, conf_id: svc.conf_id, start_time: slot.s, end_time: slot.e, updated_at: new Date(s.now()).toISOString() };
    booked.add(newKey);
    booked.delete(oldKey);
    appointments.set(id, next);
    updated(next, doctor, "rescheduled", appointment.start_time);
    return next;
  }

  /**
   * `earlier`: a booking the patient made before now for a slot that has already begun (the demo day's
   * morning patients, seeded in the evening); only the sandbox's control route asks for it.
   */
  function book(input: PlatformBookingRequest, source: StoredAppointment["source"], opts: { earlier?: boolean } = {}): { appointment: StoredAppointment; created: boolean } {
    const { doctor, clinic } = practiceOf(input.doctor_id, input.clinic_id);
    const pid = input.partner_appointment_id;
    if (pid) {
      const earlier = appointments.values().find((a) => a.partner_appointment_id === pid);
      if (earlier) {
        const same = earlier.doctor_id === input.doctor_id && earlier.conf_id === input.conf_id && Date.parse(earlier.start_time) === Date.parse(input.start_time) && earlier.patient_id === input.patient_id;
        if (!same) throw conflict("DUPLICATE_PARTNER_APPOINTMENT_ID", `partner_appointment_id ${pid} already names another booking`);
        return { appointment: earlier, created: false };
      }
    }
    const slot = findSlot(doctor, clinic, input.conf_id, input.start_time);
    const svc = findService(doctor, input.conf_id)!;
    if (!svc.mode.includes(input.mode)) throw badRequest(`mode must be one of ${svc.mode.join(", ")} for ${svc.service_name}`, "INVALID_MODE");
    if (opts.earlier && Date.parse(slot.s) > s.now()) throw badRequest("An earlier booking is for a slot that has already begun; book a later one as usual.", "SLOT_NOT_STARTED");
    if (!isFree(doctor.id, clinic.id, slot, opts.earlier ? Number.NEGATIVE_INFINITY : s.now())) throw conflict("SLOT_NOT_AVAILABLE", "This slot is no longer available");
    const appointment: StoredAppointment = {
      appointment_id: `apt_${randomUUID()}`,
      partner_appointment_id: pid ?? null,
      doctor_id: doctor.id,
      clinic_id: clinic.id,
      patient_id: input.patient_id,
      conf_id: svc.conf_id,
      start_time: slot.s,
      end_time: slot.e,
      mode: input.mode,
      status: "booked",
      created_at: new Date(s.now()).toISOString(),
      source,
    };
    appointments.set(appointment.appointment_id, appointment);
    booked.add(slotKey(doctor.id, clinic.id, svc.conf_id, Date.parse(slot.s)));
    s.events.emit("appointment.created", eventPayload(appointment, doctor));
    return { appointment, created: true };
  }

  const bookingBody = (a: StoredAppointment, status: number) => ({
    data: PlatformBookingResponse.shape.data.parse(a),
    success: "true",
    status_code: status,
  });

  const routes: SandboxRoute[] = [
    {
      method: "GET",
      pattern: "/dr/v1/doctor/:doctorId/clinic/:clinicId/appointment/slot",
      name: "slots.list",
      family: "dr",
      query: ["start_date", "end_date"],
      handler: async (ctx) => {
        await authenticate(ctx, { scheme: "business" });
        const { doctor, clinic } = practiceOf(ctx.params.doctorId!, ctx.params.clinicId!);
        const from = dateParam(ctx.url, "start_date");
        const to = dateParam(ctx.url, "end_date");
        const days = daysInclusive(from, to);
        if (days < 1) throw badRequest("end_date is before start_date", "INVALID_DATE_RANGE");
        if (days > MAX_WINDOW_DAYS) throw badRequest(`The window spans ${days} days; at most ${MAX_WINDOW_DAYS} are allowed`, "INVALID_DATE_RANGE");
        const now = s.now();
        const groups = new Map<string, { available: boolean; conf_id: string; s: string; e: string }[]>();
        const services: Record<string, PlatformService> = {};
        for (const block of doctor.schedule[clinic.id] ?? []) services[block.confId] = publicService(findService(doctor, block.confId)!);
        for (const slot of generateSlots(doctor, clinic, from, to)) {
          const list = groups.get(slot.serviceType) ?? groups.set(slot.serviceType, []).get(slot.serviceType)!;
          list.push({ available: isFree(doctor.id, clinic.id, slot, now), conf_id: slot.confId, s: slot.s, e: slot.e });
        }
        return {
          body: {
            data: { schedule: { [clinic.id]: [...groups].map(([service_type, slots]) => ({ service_type, slots })) }, services },
            success: "true",
            status_code: 200,
          },
        };
      },
    },
    {
      method: "POST",
      pattern: "/dr/v1/appointment",
      name: "appointments.book",
      family: "dr",
      handler: async (ctx) => {
        await authenticate(ctx, { scheme: "business" });
        const { appointment, created } = book(ctx.json(PlatformBookingRequest), "partner");
        return { status: created ? 201 : 200, body: bookingBody(appointment, created ? 201 : 200) };
      },
    },
    {
      method: "POST",
      pattern: "/dr/v1/appointment/:appointmentId/cancel",
      name: "appointments.cancel",
      family: "dr",
      handler: async (ctx) => {
        await authenticate(ctx, { scheme: "business" });
        const a = cancel(ctx.params.appointmentId!, ctx.json(PlatformCancelRequest).reason);
        return { status: 200, body: { data: PlatformAppointment.parse(a), success: "true", status_code: 200 } };
      },
    },
    {
      method: "POST",
      pattern: "/dr/v1/appointment/:appointmentId/reschedule",
      name: "appointments.reschedule",
      family: "dr",
      handler: async (ctx) => {
        await authenticate(ctx, { scheme: "business" });
        const a = reschedule(ctx.params.appointmentId!, ctx.json(PlatformRescheduleRequest));
        return { status: 200, body: { data: PlatformAppointment.parse(a), success: "true", status_code: 200 } };
      },
    },
  ];
  if (!s.config.controlRoutes) return routes;

  const control = controlRoute;
  const receiptsOf = platformReceipts(s);
  const Clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
  const ExtraDoctor = z.strictObject({
    id: z.string().regex(/^dr-[a-z0-9-]{1,40}$/),
    name: z.string().min(1).max(80),
    clinic_id: z.string().min(1).max(64),
    days: z.array(z.number().int().min(1).max(7)).min(1).max(7),
    from: Clock,
    to: Clock,
    minutes: z.number().int().min(5).max(120),
  });
  const ReleaseDay = z.strictObject({ doctor_id: z.string().min(1), clinic_id: z.string().min(1), day: z.iso.date() });
  const TakeSlot = PlatformBookingRequest.omit({ patient_id: true, mode: true, partner_appointment_id: true }).extend({ patient_id: z.string().default("walk-in-demo") });
  return [
    ...routes,
    // The demo practice, so the app can pre-fill its doctor and clinic directory in sandbox mode.
    control("GET", "practice", "practice", () => ({
      body: {
        doctors: DEMO_DOCTORS.map((d) => ({ id: d.id, name: d.name, speciality: d.speciality, clinicIds: Object.keys(d.schedule) })),
        clinics: DEMO_CLINICS.map(({ id, name, city, timeZone }) => ({ id, name, city, timeZone })),
      },
    })),
    // Another desk books a slot: lets tests see "taken meanwhile".
    control("POST", "slots/take", "slots.take", (ctx) => {
      const input = ctx.json(TakeSlot);
      const svc = DEMO_DOCTORS.find((d) => d.id === input.doctor_id)?.services.find((x) => x.conf_id === input.conf_id);
      const { appointment } = book({ ...input, mode: svc?.mode[0] ?? "in_clinic" }, "sandbox");
      return { status: 201, body: appointment };
    }),
    // The demo day at any hour: a slot of today that has already begun, booked as if the patient had booked it earlier.
    control("POST", "slots/book-earlier", "slots.bookEarlier", (ctx) => {
      const { appointment } = book(ctx.json(PlatformBookingRequest), "sandbox", { earlier: true });
      return { status: 201, body: appointment };
    }),
    // A test that needs free slots on a day makes sure of them: the demo patients give up that day's slots.
    control("POST", "slots/release", "slots.release", (ctx) => {
      const input = ctx.json(ReleaseDay);
      const { doctor, clinic } = practiceOf(input.doctor_id, input.clinic_id);
      const slots = generateSlots(doctor, clinic, input.day, input.day);
      for (const slot of slots) released.set(slotKey(doctor.id, clinic.id, slot.confId, Date.parse(slot.s)), true);
      const now = s.now();
      return { body: { free: slots.filter((slot) => isFree(doctor.id, clinic.id, slot, now)).length, slots: slots.length } };
    }),
    control("GET", "appointments", "appointments.list", () => ({ body: { appointments: appointments.values() } })),
    // A patient books a pre-paid service online and pays the platform: appointment.created, then receipt.created.
    control("POST", "bookings/online", "bookings.online", (ctx) => {
      const input = ctx.json(PlatformBookingRequest);
      const { appointment } = book(input, "sandbox");
      const svc = findService(practiceOf(appointment.doctor_id, appointment.clinic_id).doctor, appointment.conf_id)!;
      const receipt = svc.pre_pay ? receiptsOf.issue(appointment, svc) : null;
      return { status: 201, body: { appointment, receipt } };
    }),
    // The platform takes money for an existing appointment (its price unless an amount is given) and says so.
    control("POST", "receipts", "receipts.issue", (ctx) => {
      const input = ctx.json(SandboxReceiptRequest);
      const appointment = appointments.get(input.appointment_id);
      if (!appointment) throw notFound("APPOINTMENT_NOT_FOUND", `No appointment with id ${input.appointment_id}`);
      const svc = findService(practiceOf(appointment.doctor_id, appointment.clinic_id).doctor, appointment.conf_id)!;
      return { status: 201, body: receiptsOf.issue(appointment, svc, input) };
    }),
    control("PUT", "receipts/:id", "receipts.update", (ctx) => ({ body: receiptsOf.update(ctx.params.id!, ctx.json(SandboxReceiptUpdate)) })),
    control("GET", "receipts", "receipts.list", () => ({ body: { receipts: receiptsOf.list() } })),
    // A busier practice for benchmarks: one more doctor with one service and a daily block at a demo clinic.
    control("POST", "practice/doctors", "practice.addDoctor", (ctx) => {
      const input = ctx.json(ExtraDoctor);
      if (!DEMO_CLINICS.some((c) => c.id === input.clinic_id)) throw notFound("CLINIC_NOT_FOUND", `No clinic with id ${input.clinic_id}`);
      const confId = `conf-${input.id}`;
      const doctor: DemoDoctor = {
        id: input.id,
        name: input.name,
        speciality: "General physician",
        services: [
          { conf_id: confId, service_id: 9000 + DEMO_DOCTORS.length, service_name: "Consultation", service_type: "consultation", appointment_type: "in_clinic", mode: ["in_clinic"], price: 500, conv_fee: 0, discount: 0, pre_pay: false, post_pay: true, allow_patient_booking: true, minutes: input.minutes, owner_id: input.id, currency: "INR" },
        ],
        schedule: { [input.clinic_id]: [{ days: input.days, from: input.from, to: input.to, confId }] },
      };
      const at = DEMO_DOCTORS.findIndex((d) => d.id === input.id);
      if (at >= 0) DEMO_DOCTORS[at] = doctor;
      else DEMO_DOCTORS.push(doctor);
      return { status: 201, body: { id: doctor.id, conf_id: confId } };
    }),
  ];
}
