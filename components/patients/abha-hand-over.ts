import type { AbhaScan } from "@/lib/schemas/abha-qr";

/** Takes (and removes) a scan handed over in this tab's session storage; null when there is none or it is not one. */
export function readAbhaScanHandOver(key: string): AbhaScan | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<AbhaScan>;
    return typeof v.firstName === "string" && typeof v.name === "string" && v.state && v.district ? (v as AbhaScan) : null;
  } catch {
    return null;
  }
}
