import { formatInZone } from "@/lib/schemas/zone-format";
import { TIME_ZONE } from "@/lib/i18n/locales";

/** Sizes as clinics read them: bytes below a kilobyte (an empty file is "0 bytes", never "1 kB"), KB below a megabyte, MB with one decimal above. */
export function formatBytes(bytes: number, locale: string): string {
  if (bytes < 1024) return new Intl.NumberFormat(locale, { style: "unit", unit: "byte", unitDisplay: "long" }).format(bytes);
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return new Intl.NumberFormat(locale, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(mb);
  return new Intl.NumberFormat(locale, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)));
}

/** DD/MM/YYYY, HH:mm in IST, in every interface language. */
export function formatUploadedAt(iso: string): string {
  return formatInZone(iso, TIME_ZONE, "dd/MM/yyyy, HH:mm");
}
