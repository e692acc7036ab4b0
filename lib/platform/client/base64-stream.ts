/** Base64 of a byte stream, chunk by chunk: only the 0–2 bytes that straddle a chunk are copied. */
export async function* base64Chunks(source: AsyncIterable<Uint8Array>, encoding: "base64" | "base64url"): AsyncGenerator<string> {
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of source) {
    const bytes = carry.length ? Buffer.concat([carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const whole = bytes.length - (bytes.length % 3);
    if (whole > 0) yield bytes.toString(encoding, 0, whole);
    carry = Buffer.from(bytes.subarray(whole));
  }
  if (carry.length) yield carry.toString(encoding);
}

/** Length of the base64 text for n bytes (padded for base64, unpadded for base64url). */
export function base64Length(n: number, encoding: "base64" | "base64url"): number {
  return encoding === "base64" ? Math.ceil(n / 3) * 4 : Math.floor(n / 3) * 4 + (n % 3 ? (n % 3) + 1 : 0);
}
