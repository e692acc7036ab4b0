import commonHi from "./messages/hi.json";
import drugsHi from "./messages/drugs/hi.json";
import patientsHi from "./messages/patients/hi.json";
import liveHi from "./messages/live/hi.json";
import settingsHi from "./messages/settings/hi.json";
import slotsHi from "./messages/slots/hi.json";
import documentsHi from "./messages/documents/hi.json";
import sessionsHi from "./messages/sessions/hi.json";
import queueHi from "./messages/queue/hi.json";
import abhaHi from "./messages/abha/hi.json";
import erasureHi from "./messages/erasure/hi.json";
import displaysHi from "./messages/displays/hi.json";
import opdSlipsHi from "./messages/opdSlips/hi.json";
import billingHi from "./messages/billing/hi.json";
import abdmHi from "./messages/abdm/hi.json";
import roomsHi from "./messages/rooms/hi.json";
import priorityMarksHi from "./messages/priorityMarks/hi.json";
import billingAdminHi from "./messages/billingAdmin/hi.json";
import dashboardHi from "./messages/dashboard/hi.json";
import type { Messages } from "./catalogue-en";

// The same features, in the same order, as catalogue-en.ts.
export const hi: Messages = { ...commonHi, ...drugsHi, ...patientsHi, ...liveHi, ...settingsHi, ...slotsHi, ...documentsHi, ...sessionsHi, ...queueHi, ...abhaHi, ...erasureHi, ...displaysHi, ...opdSlipsHi, ...billingHi, ...abdmHi, ...dashboardHi, ...billingAdminHi, ...roomsHi, ...priorityMarksHi };
