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
import type { PatientProfile, PatientRegistration } from "@/lib/schemas/patients";
import { isDeskPartnerRef } from "../../server/patients/partner-ref";
import { PlatformRejectedError } from "../../server/errors";
import type { PlatformHttp } from "./http";

type RegistrationFields = Partial<PatientRegistration>;
const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** The app's registration fields → spec 2.1 profile fields (only those present). */
export function toProfileFields(r: RegistrationFields): ProfileUpdateBody {
  const names = r.firstName !== undefined || r.middleName !== undefined || r.lastName !== undefined;
  return defined({
    fn: r.firstName,
    mn: r.middleName,
    ln: r.lastName,
    fln: names && r.firstName ? fullNameOf({ firstName: r.firstName, middleName: r.middleName, lastName: r.lastName }) : undefined,
    s: r.designation,
    dob: r.dob,
    gen: r.gender,
    bloodgroup: r.bloodGroup,
    mobile: r.mobile,
    email: r.email,
    username: r.uhid,
    abha: r.abha,
    extras: r.extras,
    is_age: r.dob !== undefined ? r.dobFromAge : undefined,
  });
}

/** The app's registration fields → spec 2.3 directory body (only those present). */
export function toDirectoryUpdate(r: RegistrationFields): DirectoryPatientUpdate {
  const a = r.address;
  const address = a ? defined({ line1: a.line1, line2: a.line2, city: a.city, state: a.state, country: a.country, pincode: a.pin }) : undefined;
  return defined({
    designation: r.designation,
    first_name: r.firstName,
    middle_name: r.middleName,
    last_name: r.lastName,
    gender: r.gender,
    dob: r.dob,
    address: address && Object.keys(address).length ? address : undefined,
    partner_meta: r.uhid ? { uhid: r.uhid } : undefined,
  });
}

const text = (v: string | undefined) => (v && v.trim() ? v : null);

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
    dobFromAge: p.is_age,
    bloodGroup: text(p.bg),
    mobile: text(p.mobile),
    email: text(p.email),
    uhid: p.username && isDeskPartnerRef(p.username) ? null : text(p.username),
    abha: text(p.abha),
    extras: p.extras ?? {},
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
