/**
 * A request each input-taking API route accepts, per route and method, with the shared schema that
 * parses it. The text-policy test spoils these field by field; the hostile-input suite starts from them.
 */
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { DirectoryEntryInput, DirectoryEntryKey } from "../schemas/clinic-directory";
import { CancelledUploadRequest, DocumentListQuery, DocumentUploadQuery } from "../schemas/documents";
import { DrugEntryQuery, DrugRelatedQuery, DrugSearchQuery, DrugSuggestQuery } from "../schemas/drugs";
import { DuplicateQuery, PatientRegistration, PatientSearchQuery, PatientUpdate } from "../schemas/patients";
import { BookingRequest, SlotRangeQuery } from "../schemas/slots";
import { NewWebhookSubscription } from "../schemas/webhook-settings";
import { DoctorLinkInput } from "../schemas/staff-sessions";
import { ClaimDisplayInput } from "../schemas/displays";
import type { Role } from "../schemas/staff";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface RouteInput {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The route as the file tree names it, e.g. /api/patients/[id]. */
  route: string;
  role: Role;
  /** Where the sample travels. */
  in: "query" | "body";
  schema: z.ZodType;
  /** A fresh valid sample (unique keys and UHIDs each call). */
  sample(ctx: { patientId: string }): Record<string, Json>;
  /** Valid requests change what other end-to-end specs see (subscriptions, the clinic list): left out where they share the app. */
  sharedState?: boolean;
}

const uhid = () => `UH-${randomUUID().slice(0, 8)}`;

export const ROUTE_INPUTS: RouteInput[] = [
  {
    method: "POST",
    route: "/api/patients",
    role: "receptionist",
    in: "body",
    schema: PatientRegistration,
    sample: () => ({
      designation: "Mrs.",
      firstName: "Fuzz",
      lastName: "Probe",
      gender: "F",
      dob: "1990-04-12",
      mobile: "+919812345678",
      email: "asha@example.in",
      uhid: uhid(),
      abha: "asha.verma@abdm",
      address: { line1: "12 MG Road", city: "Pune", state: "Maharashtra", country: "India", pin: "411001" },
      extras: { ward: "B", tags: ["x", "y"], visit: { room: "4" } },
    }),
  },
  {
    method: "PATCH",
    route: "/api/patients/[id]",
    role: "receptionist",
    in: "body",
    schema: PatientUpdate,
    sample: () => ({ changes: { address: { city: "Mumbai" }, extras: { ward: "C" } } }),
  },
  {
    method: "PUT",
    route: "/api/settings/clinics",
    role: "admin",
    in: "body",
    schema: DirectoryEntryInput,
    sample: () => ({ kind: "clinic", platformId: `fuzz-${randomUUID().slice(0, 8)}`, displayName: "Fuzz Probe Clinic", timeZone: "Asia/Kolkata" }),
    sharedState: true,
  },
  { method: "DELETE", route: "/api/settings/clinics", role: "admin", in: "query", schema: DirectoryEntryKey, sample: () => ({ kind: "clinic", platformId: "no-such-clinic" }) },
  {
    method: "PUT",
    route: "/api/settings/staff-sessions/[staffId]/doctor",
    role: "admin",
    in: "body",
    schema: DoctorLinkInput,
    sample: () => ({ platformDoctorId: "dr-arjun-rao" }),
    // A doctor's link decides whose appointments they may change in the other specs.
    sharedState: true,
  },
  {
    method: "POST",
    route: "/api/slots/bookings",
    role: "receptionist",
    in: "body",
    schema: BookingRequest,
    sample: ({ patientId }) => ({ idempotencyKey: randomUUID(), doctorId: "d1", clinicId: "c1", patientId, confId: "conf", start: "2026-12-01T10:00:00+05:30", mode: "in_clinic" }),
  },
  { method: "GET", route: "/api/slots", role: "receptionist", in: "query", schema: SlotRangeQuery, sample: () => ({ doctorId: "d1", clinicId: "c1", from: "2026-12-01", to: "2026-12-05" }) },
  { method: "GET", route: "/api/patients/search", role: "receptionist", in: "query", schema: PatientSearchQuery, sample: () => ({ q: "asha", limit: "5" }) },
  {
    method: "GET",
    route: "/api/patients/duplicates",
    role: "receptionist",
    in: "query",
    schema: DuplicateQuery,
    sample: () => ({ firstName: "Asha", lastName: "Verma", mobile: "98123", dob: "1990-04-12", uhid: "UH-1" }),
  },
  { method: "GET", route: "/api/documents", role: "receptionist", in: "query", schema: DocumentListQuery, sample: ({ patientId }) => ({ patient: patientId }) },
  {
    method: "POST",
    route: "/api/documents",
    role: "receptionist",
    in: "query",
    schema: DocumentUploadQuery,
    sample: ({ patientId }) => ({ patient: patientId, dt: "lr", tasks: "smart,pii", name: "report.pdf" }),
  },
  { method: "POST", route: "/api/documents/cancelled-uploads", role: "receptionist", in: "body", schema: CancelledUploadRequest, sample: ({ patientId }) => ({ attempt: randomUUID(), patient: patientId }) },
  { method: "GET", route: "/api/drugs", role: "doctor", in: "query", schema: DrugSearchQuery, sample: () => ({ q: "amoxicillin", category: "Antibiotics" }) },
  { method: "GET", route: "/api/drugs/suggest", role: "doctor", in: "query", schema: DrugSuggestQuery, sample: () => ({ q: "amo" }) },
  { method: "GET", route: "/api/drugs/related", role: "doctor", in: "query", schema: DrugRelatedQuery, sample: () => ({ name: "Amoxicillin" }) },
  { method: "GET", route: "/api/drugs/entry", role: "doctor", in: "query", schema: DrugEntryQuery, sample: () => ({ name: "Amoxicillin", page: "1" }) },
  {
    method: "POST",
    route: "/api/settings/webhooks",
    role: "admin",
    in: "body",
    schema: NewWebhookSubscription,
    sample: () => ({ endpoint: "https://desk.example.in/api/webhooks/platform", eventNames: ["appointment.created"], protocol: "https" }),
    sharedState: true,
  },
  {
    method: "POST",
    route: "/api/settings/displays",
    role: "admin",
    in: "body",
    schema: ClaimDisplayInput,
    sample: () => ({ code: "ACDEFG", name: "Waiting hall TV", clinicId: "cl-kothrud", doctors: [{ doctorId: "dr-arjun-rao" }] }),
    // A valid code pairs a display other specs would see in Settings → Displays.
    sharedState: true,
  },
];
