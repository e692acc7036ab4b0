import "server-only";

/**
 * A stream's re-read on every change: `refresh()` reads now, or, while a read is under way, once more
 * after it (any number of changes during one read fold into that one). A failed read is left for the
 * next change or the browser's reconnect; nothing is read once `ended()`.
 */
export function coalescedReads(read: () => Promise<void>, ended: () => boolean): () => void {
  let reading = false;
  let again = false;
  return () => {
    if (reading) return void (again = true);
    reading = true;
    void (async () => {
      try {
        do {
          again = false;
          await read();
        } while (again && !ended());
      } catch {
        // The next change, or the browser's reconnect, reads it again.
      } finally {
        reading = false;
      }
    })();
  };
}
