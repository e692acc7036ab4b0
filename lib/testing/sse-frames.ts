/** Reads a Server-Sent Events stream in a test: every frame as it arrives, the data of one event kind parsed, and whether it ended. */
export function sseFrames(stream: ReadableStream<Uint8Array>) {
  const seen: string[] = [];
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let done = false;
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return void (done = true);
      buffer += decoder.decode(chunk.value, { stream: true });
      const parts = buffer.split("\n\n");
      buffer = parts.pop()!;
      seen.push(...parts.map((p) => p + "\n\n"));
    }
  })();
  return {
    seen,
    events: <T>(kind: string, parse: (data: unknown) => T): T[] => seen.filter((f) => f.startsWith(`event: ${kind}\n`)).map((f) => parse(JSON.parse(f.split("\ndata: ")[1]!))),
    closed: () => done,
  };
}
