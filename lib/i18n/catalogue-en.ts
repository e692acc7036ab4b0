import commonEn from "./messages/en.json";
import drugsEn from "./messages/drugs/en.json";
import patientsEn from "./messages/patients/en.json";
import liveEn from "./messages/live/en.json";
import settingsEn from "./messages/settings/en.json";
import slotsEn from "./messages/slots/en.json";
import documentsEn from "./messages/documents/en.json";
import sessionsEn from "./messages/sessions/en.json";
import queueEn from "./messages/queue/en.json";
import abhaEn from "./messages/abha/en.json";
import erasureEn from "./messages/erasure/en.json";
import displaysEn from "./messages/displays/en.json";
import opdSlipsEn from "./messages/opdSlips/en.json";
import billingEn from "./messages/billing/en.json";
import abdmEn from "./messages/abdm/en.json";
import roomsEn from "./messages/rooms/en.json";
import priorityMarksEn from "./messages/priorityMarks/en.json";
import billingAdminEn from "./messages/billingAdmin/en.json";
import dashboardEn from "./messages/dashboard/en.json";

// One folder of messages per feature (messages/<feature>/{en,hi}.json), one line each here and in catalogue-hi.ts.
// One module per language: the browser downloads only the catalogue of the language a page shows (intl-provider.tsx).
export const en = { ...commonEn, ...drugsEn, ...patientsEn, ...liveEn, ...settingsEn, ...slotsEn, ...documentsEn, ...sessionsEn, ...queueEn, ...abhaEn, ...erasureEn, ...displaysEn, ...opdSlipsEn, ...billingEn, ...abdmEn, ...dashboardEn, ...billingAdminEn, ...roomsEn, ...priorityMarksEn };

export type Messages = typeof en;
