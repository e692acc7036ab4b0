import type { AppError } from "@/lib/server/errors";

/** What a call that must be refused threw (the test then reads its status and field errors); a call that succeeds fails the test. */
export async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    return err as AppError;
  }
  throw new Error("expected a refusal");
}
