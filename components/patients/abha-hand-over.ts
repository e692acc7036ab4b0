import { readAbhaQr, type AbhaScan } from "@/lib/schemas/abha-qr";
import { todayInIndia } from "@/lib/schemas/india-today";

/** Takes (and removes) a scanned code handed over in this tab's session storage and reads it again; null when there is none or it is not one. */
export function readAbhaScanHandOver(key: string): AbhaScan | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  const r = readAbhaQr(raw, todayInIndia());
  return r.ok ? r.scan : null;
}
