import { CalendarDays, FileUp, IndianRupee, ListOrdered, Pill, Radio, Settings, Users, type LucideIcon } from "lucide-react";
import type { Feature } from "@/lib/access";

export const FEATURE_ICONS: Record<Feature, LucideIcon> = {
  patients: Users,
  slots: CalendarDays,
  drugs: Pill,
  documents: FileUp,
  live: Radio,
  settings: Settings,
  queue: ListOrdered,
  billing: IndianRupee,
};
