/** Document uploads as staff do them (a patient, files dropped, the upload button), shared by the upload specs. */
import { createHash, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { ROUTE_INPUTS } from "../lib/testing/route-inputs";
import { expect, SANDBOX_URL, test } from "./fixtures";

/** A file to drop: `size` bytes starting with `head` (the bytes that make it a PDF, a PNG…). */
export interface FakeFile {
  name: string;
  size: number;
  /** Leading bytes that make the contents a PDF, PNG…; a file of exactly these bytes when `size` is their length. */
  head: number[];
  type: string;
}

export const PDF = [...Buffer.from("%PDF-1.7\n")];
export const MB = 1024 * 1024;

/** The bytes `dropFiles` makes of a fake file (the same steps, in Node). */
export function fakeFileBytes(f: FakeFile): Buffer {
  const bytes = new Uint8Array(f.size);
  for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i / 4096) % 251;
  bytes.set(f.head.slice(0, f.size));
  return Buffer.from(bytes);
}

/** A PDF of this test's own (at least `size` bytes), so what other workers upload meanwhile is never counted. */
export function ownPdf(name: string, size?: number): FakeFile {
  const head = [...Buffer.from(`%PDF-1.7\n% ${randomUUID()}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`)];
  return { name, size: Math.max(size ?? 0, head.length), head, type: "application/pdf" };
}

/** Drops files on the drop zone the way a browser does: a drop event carrying a DataTransfer. */
export async function dropFiles(page: Page, files: FakeFile[]) {
  const dataTransfer = await page.evaluateHandle((list: FakeFile[]) => {
    const dt = new DataTransfer();
    for (const f of list) {
      // fakeFileBytes, in the browser.
      const bytes = new Uint8Array(f.size);
      for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i / 4096) % 251;
      bytes.set(f.head.slice(0, f.size));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, files);
  await page.getByTestId("dropzone").dispatchEvent("dragover", { dataTransfer });
  await page.getByTestId("dropzone").dispatchEvent("drop", { dataTransfer });
}

/** Drops the files and presses the upload button, named as the page names it ("Upload 1 file", "1 फ़ाइल अपलोड करें"). */
export async function uploadFiles(page: Page, files: FakeFile[], button: string) {
  await dropFiles(page, files);
  await page.getByRole("button", { name: button }).click();
}

/** A file's row in the upload list. */
export const uploadRow = (page: Page, name: string) => page.getByTestId("upload-row").filter({ hasText: name });

/** A patient registered for this test (uploads are filed only under a patient the desk knows): no documents yet. */
export async function newPatient(page: Page): Promise<string> {
  const registration = ROUTE_INPUTS.find((r) => r.route === "/api/patients" && r.method === "POST")!;
  const res = await page.request.post("/api/patients", {
    headers: { origin: new URL(test.info().project.use.baseURL!).origin, "idempotency-key": randomUUID() },
    data: registration.sample({ patientId: "" }),
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** How many copies of exactly these bytes the sandbox platform holds: other workers' uploads are not counted. */
export async function sandboxCopiesOf(bytes: Buffer): Promise<number> {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const { documents } = (await (await fetch(`${SANDBOX_URL}/__sandbox/documents`)).json()) as { documents: { sha256: string }[] };
  return documents.filter((d) => d.sha256 === sha256).length;
}

/** The sandbox platform's record of a document it holds. */
export async function sandboxDocument(id: string) {
  const res = await fetch(`${SANDBOX_URL}/__sandbox/documents/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { size: number; mime: string; dt: string; tasks: string[]; fileName?: string | null };
}
