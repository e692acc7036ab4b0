import "server-only";
import { env } from "@/lib/env";
import type { Db } from "../db/connect";
import type { CounterConfig } from "../queue/opd-counter";
import { clinicPriorityMarks } from "./priority-marks";

/** The OPD counter's rules as they stand: token format and skip rule from the configuration, marks from Settings → Priority marks. */
export async function counterConfig(db: Db): Promise<CounterConfig> {
  const { tokenFormat, skipReturnAfter, priorityMarks } = env().opd;
  return { tokenFormat, skipReturnAfter, priorityMarks: await clinicPriorityMarks(db, priorityMarks) };
}
