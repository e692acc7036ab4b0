/**
 * Runs `work(0)` … `work(count - 1)`, `concurrency` at a time (each worker takes the next index as
 * it finishes one), and hands out no more once `deadline` (ms since the epoch) has passed.
 */
export async function inTurns(count: number, concurrency: number, work: (i: number) => Promise<void>, deadline = Infinity): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count && Date.now() < deadline) await work(next++);
    }),
  );
}
