import { isStorableText } from "./storable-chars";
import { abhaNumberDigits, formatAbhaNumber, normaliseAbhaAddress } from "./abha";
import { properCase } from "./patient-names";

/**
 * What an ABHA QR code carries, read the way ABDM documents it (a JSON object):
 * - the ABHA card: hidn (ABHA number), hid (ABHA address), name, gender, statelgd, distlgd,
 *   dob (D/M/YYYY), "state name", district_name, mobile, address;
 * - the ABHA (PHR) app: phr in place of hid, hidn "-" when no ABHA number is linked, a dob that may
 *   be the year alone, no mobile.
 * Nothing here trusts the code: it is text a stranger's phone or card hands the desk.
 */
export const ABHA_QR_MAX_BYTES = 4096;

export type AbhaQrProblem = "empty" | "tooLarge" | "unsafe" | "notJson" | "notAbha";

export interface AbhaScan {
  variant: "card" | "app";
  /** XX-XXXX-XXXX-XXXX, or null when the code has none ("-"). */
  abhaNumber: string | null;
  /** Lower case, e.g. asha.verma@abdm; null when the code's one is not a valid address. */
  abhaAddress: string | null;
  name: string;
  firstName: string;
  middleName: string | null;
  lastName: string | null;
  gender: "M" | "F" | "O" | null;
  /** The full date (ISO) when the code has one, else the year of birth alone. */
  dob: { iso: string } | { year: number } | null;
  /** +91 and 10 digits; null when absent or masked. */
  mobile: string | null;
  address: string | null;
  state: { name: string | null; lgd: string | null };
  district: { name: string | null; lgd: string | null };
  /** Fields the code carried but the desk could not read (left for the receptionist to type). */
  unread: ("abhaNumber" | "abhaAddress" | "gender" | "dob" | "mobile")[];
}

export type AbhaQrReading = { ok: true; scan: AbhaScan } | { ok: false; problem: AbhaQrProblem };

/** Control characters (other than tab and line breaks): refused in the code as scanned. */
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Markup and script-ish text in a key or value (also when it came \u-escaped): refused outright. */
const UNSAFE_VALUE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f<>`{}\\]|javascript:|data:|vbscript:|on\w+\s*=/i;
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;

const byteLength = (s: string) => new TextEncoder().encode(s).length;

function textField(o: Record<string, unknown>, ...keys: string[]): string | null {
  for (const key of keys) {
    const v = o[key];
    if (typeof v === "number" && Number.isFinite(v)) return String(v);
    if (typeof v === "string") {
      const t = v.replace(/\s+/g, " ").trim();
      if (t && t !== "-") return t;
    }
  }
  return null;
}

function genderOf(v: string | null): AbhaScan["gender"] {
  const g = v?.toUpperCase();
  if (g === "M" || g === "MALE") return "M";
  if (g === "F" || g === "FEMALE") return "F";
  if (g === "O" || g === "T" || g === "OTHER" || g === "TRANSGENDER") return "O";
  return null;
}

const pad = (n: string) => n.padStart(2, "0");

function isRealDay(y: number, m: number, d: number) {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** D/M/YYYY or D-M-YYYY (the card), YYYY-MM-DD, or YYYY alone (the app); null when none of them. */
export function readQrDob(v: string | null, todayIso: string): AbhaScan["dob"] {
  if (!v) return null;
  const thisYear = Number(todayIso.slice(0, 4));
  const inRange = (y: number) => y >= 1890 && y <= thisYear;
  const year = /^(\d{4})$/.exec(v);
  if (year) return inRange(Number(year[1])) ? { year: Number(year[1]) } : null;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  const [d, m, y] = dmy ? [dmy[1]!, dmy[2]!, dmy[3]!] : ymd ? [ymd[3]!, ymd[2]!, ymd[1]!] : [];
  if (!d || !m || !y) return null;
  if (!isRealDay(Number(y), Number(m), Number(d)) || !inRange(Number(y))) return null;
  const iso = `${y}-${pad(m)}-${pad(d)}`;
  return iso <= todayIso ? { iso } : null;
}

function mobileOf(v: string | null): string | null {
  if (!v) return null;
  const digits = v.replace(/[\s-]/g, "").replace(/^\+?91(?=\d{10}$)/, "").replace(/^0(?=\d{10}$)/, "");
  return /^[6-9]\d{9}$/.test(digits) ? `+91${digits}` : null;
}

/** "KIRAN MANDYAM ANANDAMPILLAI" → first Kiran, middle Mandyam, last Anandampillai. */
export function splitName(full: string): Pick<AbhaScan, "firstName" | "middleName" | "lastName"> {
  const parts = properCase(full).split(" ").filter(Boolean);
  if (parts.length === 1) return { firstName: parts[0]!, middleName: null, lastName: null };
  return { firstName: parts[0]!, middleName: parts.length > 2 ? parts.slice(1, -1).join(" ") : null, lastName: parts[parts.length - 1]! };
}

/** A scanned ABHA QR payload → what the desk can prefill, or why it cannot be used. */
export function readAbhaQr(raw: string, todayIso: string): AbhaQrReading {
  if (raw.length > ABHA_QR_MAX_BYTES || byteLength(raw) > ABHA_QR_MAX_BYTES) return { ok: false, problem: "tooLarge" };
  const text = raw.trim();
  if (!text) return { ok: false, problem: "empty" };
  if (!isStorableText(text) || CONTROL.test(text)) return { ok: false, problem: "unsafe" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: "notJson" };
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return { ok: false, problem: "notAbha" };
  const o = parsed as Record<string, unknown>;
  const unsafe = (t: string) => !isStorableText(t) || UNSAFE_VALUE.test(t);
  if (Object.entries(o).some(([k, v]) => unsafe(k) || (typeof v === "string" && unsafe(v)))) return { ok: false, problem: "unsafe" };
  // Strings and numbers only, one level deep: an ABHA code has nothing else.
  if (Object.values(o).some((v) => v !== null && typeof v !== "string" && typeof v !== "number")) return { ok: false, problem: "notAbha" };

  const name = textField(o, "name");
  const numberText = textField(o, "hidn");
  const addressText = textField(o, "hid", "phr");
  const abhaNumber = numberText && abhaNumberDigits(numberText) ? formatAbhaNumber(numberText) : null;
  const abhaAddress = addressText ? normaliseAbhaAddress(addressText) : null;
  if (!name || !NAME.test(name) || name.length > 180 || (!abhaNumber && !abhaAddress)) return { ok: false, problem: "notAbha" };

  const unread: AbhaScan["unread"] = [];
  const genderText = textField(o, "gender");
  const dobText = textField(o, "dob");
  const mobileText = textField(o, "mobile");
  const gender = genderOf(genderText);
  const dob = readQrDob(dobText, todayIso);
  const mobile = mobileOf(mobileText);
  if (numberText && !abhaNumber) unread.push("abhaNumber");
  if (addressText && !abhaAddress) unread.push("abhaAddress");
  if (genderText && !gender) unread.push("gender");
  if (dobText && !dob) unread.push("dob");
  if (mobileText && !mobile) unread.push("mobile");
  const lgd = (v: string | null) => (v && /^\d{1,6}$/.test(v) ? v : null);
  const place = (v: string | null) => (v && v.length <= 60 ? v : null);
  const address = textField(o, "address");
  const stateLgd = lgd(textField(o, "statelgd", "state_lgd"));
  return {
    ok: true,
    scan: {
      variant: o.phr !== undefined && o.hid === undefined ? "app" : "card",
      abhaNumber,
      abhaAddress,
      name,
      ...splitName(name),
      gender,
      dob,
      mobile,
      address: address ? address.slice(0, 240) : null,
      state: { name: place(textField(o, "state name", "state_name", "statename")) ?? (stateLgd ? (LGD_STATES[stateLgd] ?? null) : null), lgd: stateLgd },
      district: { name: place(textField(o, "district_name", "district name", "dist name", "distname")), lgd: lgd(textField(o, "distlgd", "district_lgd")) },
      unread,
    },
  };
}

/** India's Local Government Directory state codes, for a code that carries the code but not the name. */
export const LGD_STATES: Record<string, string> = {
  "1": "Jammu and Kashmir",
  "2": "Himachal Pradesh",
  "3": "Punjab",
  "4": "Chandigarh",
  "5": "Uttarakhand",
  "6": "Haryana",
  "7": "Delhi",
  "8": "Rajasthan",
  "9": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "27": "Maharashtra",
  "28": "Andhra Pradesh",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Ladakh",
  "38": "Dadra and Nagar Haveli and Daman and Diu",
};
