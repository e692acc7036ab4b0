import "server-only";
import {
  DirectoryPatientUpdated,
  EmrUserProfile,
  ProfileCreated,
  ProfileUpdated,
  type DirectoryPatientUpdate,
  type ProfileCreateBody,
  type ProfileUpdateBody,
} from "@/lib/platform/wire/patients";
import { designationOf, displayNameOf, fullNameOf, properCase } from "@/lib/schemas/patient-names";
import type { PatientProfile, PatientRegistration, PatientUpdate } from "@/lib/schemas/patients";
import { isDeskPartnerRef } from "../../server/patients/partner-ref";
import { PlatformRejectedError } from "../../server/errors";
import type { PlatformHttp } from "./http";
import { abhaNumberDigits, formatAbhaNumber } from "@/lib/schemas/abha";

/** A registration, or an edit's changes (null: the user emptied the field, so clear it). */
type RegistrationFields = Partial<PatientRegistration> | PatientUpdate["changes"];
const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
/** Spec 4.5 does not say how a field is cleared: the desk sends "" (2.3 allows an empty middle_name). */
const cleared = <T>(v: T | null | undefined): T | "" | undefined => (v === null ? "" : v);

/**
 * Spec 2.1 has no field for "the date of birth was worked out from an age" (is_age is only in the
 * 2.2 answer), so the desk keeps that in the profile's extras under this key.
 */
export const DOB_FROM_AGE_EXTRA = "dob_from_age";
/** Spec 2.1's `abha` holds the ABHA address; the 14-digit ABHA number has no field, so it goes in extras too. */
export const ABHA_NUMBER_EXTRA = "abha_number";
const DESK_EXTRAS = [DOB_FROM_AGE_EXTRA, ABHA_NUMBER_EXTRA];

/** The app's registration fields → spec 2.1 profile fields (only those present, nothing beyond 2.1). */
export function toProfileFields(r: RegistrationFields): ProfileUpdateBody {
  const names = r.firstName !== undefined || r.middleName !== undefined || r.lastName !== undefined;
  const extras =
    r.extras !== undefined || r.dobFromAge || r.abhaNumber
      ? { ...(r.extras ?? {}), ...(r.dobFromAge ? { [DOB_FROM_AGE_EXTRA]: true } : {}), ...(r.abhaNumber ? { [ABHA_NUMBER_EXTRA]: r.abhaNumber } : {}) }
      : undefined;
  return defined({
    fn: r.firstName,
    mn: cleared(r.middleName),
    ln: cleared(r.lastName),
    fln: names && r.firstName ? fullNameOf({ firstName: r.firstName, middleName: r.middleName, lastName: r.lastName }) : undefined,
    s: r.designation,
    dob: r.dob,
    gen: r.gender,
    bloodgroup: cleared(r.bloodGroup),
    mobile: cleared(r.mobile),
    email: cleared(r.email),
    username: r.uhid,
    abha: cleared(r.abha),
    extras,
  });
}

/** The app's registration fields → spec 2.3 directory body (only those present). */
export function toDirectoryUpdate(r: RegistrationFields): DirectoryPatientUpdate {
  const a = r.address;
  // An emptied part goes as "" (cleared); the pincode is an integer, so an emptied one is left out.
  const address = a ? defined({ line1: cleared(a.line1), line2: cleared(a.line2), city: cleared(a.city), state: cleared(a.state), country: cleared(a.country), pincode: a.pin ?? undefined }) : undefined;
  return defined({
    designation: r.designation,
    first_name: r.firstName,
    middle_name: cleared(r.middleName),
    last_name: cleared(r.lastName),
    gender: r.gender,
    dob: r.dob,
    address: address && Object.keys(address).length ? address : undefined,
    partner_meta: r.uhid ? { uhid: r.uhid } : undefined,
  });
}

const text = (v: string | undefined) => (v && v.trim() ? v : null);
const abhaNumberOf = (v: unknown) => (typeof v === "string" && abhaNumberDigits(v) ? formatAbhaNumber(v) : null);

export function toPatientProfile(p: EmrUserProfile): Omit<PatientProfile, "directory"> {
  const firstName = properCase(p.fn);
  const middleName = text(p.mn) && properCase(p.mn!);
  const lastName = text(p.ln) && properCase(p.ln!);
  const salutation = designationOf(p.s) ?? (text(p.s) ? properCase(p.s!) : null);
  return {
    id: p.oid,
    salutation,
    firstName,
    middleName: middleName || null,
    lastName: lastName || null,
    displayName: displayNameOf({ salutation, firstName, middleName, lastName }),
    gender: p.gen === "M" || p.gen === "F" || p.gen === "O" ? p.gen : null,
    dob: p.dob,
    dobFromAge: p.is_age || p.extras?.[DOB_FROM_AGE_EXTRA] === true,
    bloodGroup: text(p.bg),
    mobile: text(p.mobile),
    email: text(p.email),
    uhid: p.username && isDeskPartnerRef(p.username) ? null : text(p.username),
    abha: text(p.abha),
    abhaNumber: abhaNumberOf(p.extras?.[ABHA_NUMBER_EXTRA]),
    extras: Object.fromEntries(Object.entries(p.extras ?? {}).filter(([key]) => !DESK_EXTRAS.includes(key))),
    createdAt: p.c_ate,
    updatedAt: p.u_ate,
  };
}

/** Patient profile API (spec 4.4–4.6) and the directory update (spec 4.7). */
export function patientsApi(http: PlatformHttp) {
  return {
    async createProfile(r: PatientRegistration, signal?: AbortSignal): Promise<string> {
      const body = toProfileFields(r) as ProfileCreateBody;
      const { oid } = await http({ method: "POST", path: "/profiles/v1/patient/", auth: "bearer", clientIdHeader: true, body, schema: ProfileCreated, signal });
      return oid;
    },
    async updateProfile(id: string, changes: RegistrationFields, signal?: AbortSignal): Promise<void> {
      const body = toProfileFields(changes);
      if (Object.keys(body).length === 0) return;
      await http({ method: "PATCH", path: `/profiles/v1/patient/${encodeURIComponent(id)}`, auth: "bearer", clientIdHeader: true, body, schema: ProfileUpdated, signal });
    },
    async getProfile(id: string, signal?: AbortSignal): Promise<Omit<PatientProfile, "directory">> {
      const raw = await http({ method: "GET", path: `/profiles/v1/emr-user/${encodeURIComponent(id)}`, auth: "bearer", clientIdHeader: true, schema: EmrUserProfile, signal });
      return toPatientProfile(raw);
    },
    /**
     * Asks the platform whether it holds a patient under this partner-side id (the profile's
     * username) by touching that patient's directory entry (spec 4.7, partner_id=1): its id, or null
     * when there is none. The platform has no other look-up by a partner's identifier.
     */
    async findByPartnerRef(partnerRef: string, signal?: AbortSignal): Promise<string | null> {
      try {
        const { patient_id } = await http({
          method: "PATCH",
          path: `/dr/v1/patient/${encodeURIComponent(partnerRef)}`,
          query: { partner_id: "1" },
          auth: "business",
          // Harmless to whoever holds it: the one thing written is the identifier it was found by.
          body: { partner_meta: isDeskPartnerRef(partnerRef) ? {} : { uhid: partnerRef } },
          schema: DirectoryPatientUpdated,
          signal,
        });
        return patient_id;
      } catch (err) {
        if (err instanceof PlatformRejectedError && err.status === 404) return null;
        throw err;
      }
    },
    /** Writes the directory entry of a patient by platform id (partner_id=0). */
    async updateDirectory(id: string, changes: RegistrationFields, signal?: AbortSignal): Promise<void> {
      const body = toDirectoryUpdate(changes);
      if (Object.keys(body).length === 0) return;
      await http({
        method: "PATCH",
        path: `/dr/v1/patient/${encodeURIComponent(id)}`,
        query: { partner_id: "0" },
        auth: "business",
        body,
        schema: DirectoryPatientUpdated,
        signal,
      });
    },
  };
}
export type PatientsApi = ReturnType<typeof patientsApi>;
