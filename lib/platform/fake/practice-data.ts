import type { PlatformService } from "../wire/slots";

/** Demo practice of the sandbox: the platform has no listing endpoint, so these ids are what admins enter. */
export interface DemoClinic {
  id: string;
  name: string;
  city: string;
  timeZone: string;
  /** UTC offset the platform writes into slot times. */
  offset: string;
}

export interface DemoService extends PlatformService {
  /** Group name in `data.schedule` (spec 2.4 `service_type`). */
  service_type: string;
  minutes: number;
}

/** One recurring block of a doctor's week at a clinic; gaps between blocks are breaks. */
export interface ScheduleBlock {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  days: number[];
  from: string;
  to: string;
  confId: string;
}

export interface DemoDoctor {
  id: string;
  name: string;
  speciality: string;
  services: DemoService[];
  /** clinic id → weekly blocks */
  schedule: Record<string, ScheduleBlock[]>;
}

export const DEMO_CLINICS: DemoClinic[] = [
  { id: "cl-andheri-west", name: "Sunrise Family Clinic, Andheri West", city: "Mumbai", timeZone: "Asia/Kolkata", offset: "+05:30" },
  { id: "cl-bandra", name: "Sea View Clinic, Bandra", city: "Mumbai", timeZone: "Asia/Kolkata", offset: "+05:30" },
  { id: "cl-kothrud", name: "Kothrud Health Centre", city: "Pune", timeZone: "Asia/Kolkata", offset: "+05:30" },
];

function service(owner: string, s: Omit<DemoService, "owner_id" | "currency">): DemoService {
  return { ...s, owner_id: owner, currency: "INR" };
}

const MON_SAT = [1, 2, 3, 4, 5, 6];

/** The demo clinics where some doctor works on an ISO weekday (1 = Monday … 7 = Sunday), in the order above. */
export function demoClinicsOpenOn(weekday: number): string[] {
  return DEMO_CLINICS.filter((c) => DEMO_DOCTORS.some((d) => d.schedule[c.id]?.some((block) => block.days.includes(weekday)))).map((c) => c.id);
}

export const DEMO_DOCTORS: DemoDoctor[] = [
  {
    id: "dr-meera-iyer",
    name: "Dr. Meera Iyer",
    speciality: "General physician",
    services: [
      service("dr-meera-iyer", { conf_id: "conf-mi-consult", service_id: 1101, service_name: "In-clinic consultation", service_type: "consultation", appointment_type: "in_clinic", mode: ["in_clinic"], price: 600, conv_fee: 0, discount: 0, pre_pay: false, post_pay: true, allow_patient_booking: true, minutes: 15 }),
      service("dr-meera-iyer", { conf_id: "conf-mi-followup", service_id: 1102, service_name: "Follow-up visit", service_type: "follow_up", appointment_type: "in_clinic", mode: ["in_clinic"], price: 300, conv_fee: 0, discount: 0, pre_pay: false, post_pay: true, allow_patient_booking: false, minutes: 10 }),
      service("dr-meera-iyer", { conf_id: "conf-mi-tele", service_id: 1103, service_name: "Tele-consultation", service_type: "teleconsultation", appointment_type: "tele", mode: ["tele"], price: 500, conv_fee: 30, discount: 50, pre_pay: true, post_pay: false, allow_patient_booking: true, minutes: 15 }),
    ],
    schedule: {
      "cl-andheri-west": [
        { days: MON_SAT, from: "09:00", to: "11:00", confId: "conf-mi-consult" },
        { days: MON_SAT, from: "11:30", to: "13:00", confId: "conf-mi-followup" },
        { days: [1, 3, 5], from: "17:00", to: "19:00", confId: "conf-mi-tele" },
      ],
      "cl-bandra": [
        { days: [2, 4, 6], from: "17:00", to: "20:00", confId: "conf-mi-consult" },
        { days: [2, 4], from: "20:15", to: "21:00", confId: "conf-mi-tele" },
      ],
    },
  },
  {
    id: "dr-arjun-rao",
    name: "Dr. Arjun Rao",
    speciality: "Paediatrician",
    services: [
      service("dr-arjun-rao", { conf_id: "conf-ar-consult", service_id: 2101, service_name: "Child consultation", service_type: "consultation", appointment_type: "in_clinic", mode: ["in_clinic"], price: 800, conv_fee: 0, discount: 0, pre_pay: false, post_pay: true, allow_patient_booking: true, minutes: 20 }),
      service("dr-arjun-rao", { conf_id: "conf-ar-vaccine", service_id: 2102, service_name: "Vaccination visit", service_type: "procedure", appointment_type: "in_clinic", mode: ["in_clinic"], price: 250, conv_fee: 0, discount: 0, pre_pay: false, post_pay: true, allow_patient_booking: true, minutes: 10 }),
      service("dr-arjun-rao", { conf_id: "conf-ar-tele", service_id: 2103, service_name: "Video consultation", service_type: "teleconsultation", appointment_type: "tele", mode: ["tele", "in_clinic"], price: 700, conv_fee: 40, discount: 0, pre_pay: true, post_pay: false, allow_patient_booking: true, minutes: 15 }),
    ],
    schedule: {
      "cl-andheri-west": [
        { days: MON_SAT, from: "10:00", to: "13:00", confId: "conf-ar-consult" },
        { days: [2, 5], from: "14:00", to: "15:30", confId: "conf-ar-vaccine" },
        { days: [1, 2, 3, 4, 5], from: "18:00", to: "19:30", confId: "conf-ar-tele" },
      ],
      "cl-kothrud": [{ days: [6, 7], from: "09:30", to: "12:30", confId: "conf-ar-consult" }],
    },
  },
  {
    id: "dr-kavita-sharma",
    name: "Dr. Kavita Sharma",
    speciality: "Dermatologist",
    services: [
      service("dr-kavita-sharma", { conf_id: "conf-ks-consult", service_id: 3101, service_name: "Skin consultation", service_type: "consultation", appointment_type: "in_clinic", mode: ["in_clinic"], price: 1000, conv_fee: 0, discount: 100, pre_pay: false, post_pay: true, allow_patient_booking: true, minutes: 15 }),
      service("dr-kavita-sharma", { conf_id: "conf-ks-procedure", service_id: 3102, service_name: "Procedure planning", service_type: "procedure", appointment_type: "in_clinic", mode: ["in_clinic"], price: 1500, conv_fee: 0, discount: 0, pre_pay: true, post_pay: false, allow_patient_booking: false, minutes: 30 }),
      service("dr-kavita-sharma", { conf_id: "conf-ks-tele", service_id: 3103, service_name: "Tele-dermatology", service_type: "teleconsultation", appointment_type: "tele", mode: ["tele"], price: 900, conv_fee: 50, discount: 100, pre_pay: true, post_pay: false, allow_patient_booking: true, minutes: 15 }),
    ],
    schedule: {
      "cl-bandra": [
        { days: [1, 3, 5], from: "10:00", to: "13:00", confId: "conf-ks-consult" },
        { days: [1, 3, 5], from: "14:00", to: "16:00", confId: "conf-ks-procedure" },
        { days: [2, 4], from: "11:00", to: "13:00", confId: "conf-ks-tele" },
      ],
      "cl-kothrud": [{ days: [6], from: "15:00", to: "19:00", confId: "conf-ks-consult" }],
    },
  },
];
