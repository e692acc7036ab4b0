import { describe, expect, it } from "vitest";
import { DocumentUploadQuery } from "@/lib/schemas/documents";
import { nameForKind, openIncomingFile } from "./intake";

const streamOf = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });

/** A PDF whose bytes also read as an HTML page: browsers sniff HTML, the desk sees "%PDF-". */
const POLYGLOT = new TextEncoder().encode("%PDF-1.7\n<html><script>alert(document.cookie)</script></html>\n%%EOF\n");

async function storedName(name: string, bytes = POLYGLOT) {
  const file = await openIncomingFile(streamOf(bytes), String(bytes.length), name);
  for await (const chunk of file.chunks) void chunk;
  return file.fileName;
}

describe("the stored file name follows the detected type", () => {
  it("adds the detected kind's extension to a name claiming a type the desk does not accept (a PDF/HTML polyglot)", async () => {
    expect(await storedName("report.html")).toBe("report.html.pdf");
    expect(await storedName("report.HTM")).toBe("report.HTM.pdf");
    expect(await storedName("report.svg")).toBe("report.svg.pdf");
    expect(await storedName("Dr. Sharma report")).toBe("Dr. Sharma report.pdf");
    expect(await storedName("scan.")).toBe("scan.pdf");
  });

  it("keeps a name whose extension already names the contents", async () => {
    expect(await storedName("report.PDF")).toBe("report.PDF");
    expect(nameForKind("x-ray.jpeg", "jpeg")).toBe("x-ray.jpeg");
    expect(nameForKind("x-ray.jpg", "jpeg")).toBe("x-ray.jpg");
    expect(nameForKind("x-ray", "png")).toBe("x-ray.png");
  });

  it("still refuses a name naming another accepted kind than the contents", async () => {
    await expect(storedName("report.png")).rejects.toMatchObject({ status: 415 });
  });
});

describe("upload names with text-direction controls", () => {
  const query = (name: string) => DocumentUploadQuery.safeParse({ patient: "pat-1", name });

  it("refuses a right-to-left override and the other direction controls, naming the field", () => {
    for (const name of ["invoice\u202efdp.exe", "a\u202bb.pdf", "a\u2066b.pdf", "a\u200fb.pdf", "a\u061cb.pdf"]) {
      const parsed = query(name);
      expect(parsed.success, JSON.stringify(name)).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(["name"]);
    }
  });

  it("accepts Hindi and other scripts as they are", () => {
    expect(query("रिपोर्ट.pdf").success).toBe(true);
    expect(query("تقرير.pdf").success).toBe(true);
  });
});
