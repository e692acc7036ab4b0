import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import QRCode from "qrcode";

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");
const letters = () => Math.random().toString(36).slice(2, 8).replace(/[^a-z]/g, "q");

/** An ABHA card's code (ABDM's documented keys) for a patient nobody registered yet. */
export function cardPayload() {
  const hidn = digits(14);
  const handle = `kiran${letters()}`;
  const last = `Anandam${letters()}`;
  return {
    number: `${hidn.slice(0, 2)}-${hidn.slice(2, 6)}-${hidn.slice(6, 10)}-${hidn.slice(10)}`,
    address: `${handle}@abdm`,
    last,
    text: JSON.stringify({
      hidn: `${hidn.slice(0, 2)}-${hidn.slice(2, 6)}-${hidn.slice(6, 10)}-${hidn.slice(10)}`,
      hid: `${handle}@abdm`,
      name: `Kiran Mandyam ${last}`,
      gender: "M",
      statelgd: "29",
      distlgd: "-",
      dob: "7/9/1978",
      "state name": "Karnataka",
      district_name: "Bengaluru",
      mobile: `98${digits(8)}`,
      address: "12 MG Road, Shivajinagar",
    }),
  };
}

/** The ABHA app's code: phr in place of hid, no ABHA number ("-"), the year of birth only, no mobile. */
export function appPayload() {
  const handle = `meera${letters()}`;
  const last = `Pillai${letters()}`;
  return { address: `${handle}@sbx`, last, text: JSON.stringify({ hidn: "-", phr: `${handle}@sbx`, name: `MEERA ${last.toUpperCase()}`, gender: "F", statelgd: "32", distlgd: "588", dob: "1990", address: "As declared by the user" }) };
}

/**
 * A short Y4M clip of a QR code for Chromium's fake camera (--use-file-for-fake-video-capture): the
 * code drawn black on white, 640×480, grey (4:2:0 with neutral chroma), a few identical frames.
 */
export function qrVideo(text: string, dir: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  // The quiet zone the standard asks for: four modules of white on every side.
  const border = 4;
  const size = modules.size + 2 * border;
  const dark = (r: number, c: number) => r >= border && c >= border && r < size - border && c < size - border && Boolean(modules.get(r - border, c - border));
  const W = 640;
  const H = 480;
  const scale = Math.floor(Math.min(W, H) / size);
  const x0 = Math.floor((W - size * scale) / 2);
  const y0 = Math.floor((H - size * scale) / 2);
  const y = Buffer.alloc(W * H, 235);
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++) {
      if (!dark(r, c)) continue;
      for (let dy = 0; dy < scale; dy++) y.fill(16, (y0 + r * scale + dy) * W + x0 + c * scale, (y0 + r * scale + dy) * W + x0 + (c + 1) * scale);
    }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma]);
  mkdirSync(dir, { recursive: true });
  const file = path.resolve(dir, "abha-qr.y4m");
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 10 }, () => frame)]));
  return file;
}
