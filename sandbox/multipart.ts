export interface MultipartPart {
  name: string | null;
  fileName: string | null;
  contentType: string | null;
  data: Buffer;
}

const CRLF = Buffer.from("\r\n");

/** Splits a whole multipart/form-data body (RFC 7578); null when it is not well formed. */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] | null {
  const delimiter = Buffer.from(`--${boundary}`);
  let pos = body.indexOf(delimiter);
  if (pos < 0) return null;
  const parts: MultipartPart[] = [];
  for (;;) {
    pos += delimiter.length;
    if (body.subarray(pos, pos + 2).toString() === "--") return parts;
    if (!body.subarray(pos, pos + 2).equals(CRLF)) return null;
    pos += 2;
    const headerEnd = body.indexOf("\r\n\r\n", pos);
    if (headerEnd < 0) return null;
    const headers = body.subarray(pos, headerEnd).toString("utf8").split("\r\n");
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), headerEnd + 4);
    if (next < 0) return null;
    const disposition = headers.find((h) => /^content-disposition:/i.test(h)) ?? "";
    const type = headers.find((h) => /^content-type:/i.test(h));
    parts.push({
      name: /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? null,
      fileName: /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null,
      contentType: type ? type.slice(type.indexOf(":") + 1).trim() : null,
      data: body.subarray(headerEnd + 4, next),
    });
    pos = next + 2;
  }
}
