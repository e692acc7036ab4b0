import QRCode from "qrcode";
// The platform-neutral build: the same code on the server and in a browser, no canvas.
import { toSVG } from "bwip-js/generic";

/**
 * Codes printed on slips, cards and receipts, as SVG markup (crisp at any printer resolution, no
 * canvas): a QR code of a link, and a Code 128 barcode of a number such as the UHID.
 */
export async function qrSvg(text: string, label: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", margin: 0, errorCorrectionLevel: "M" });
  return withLabel(svg, label);
}

export function code128Svg(text: string, label: string): string {
  // The number is printed under the bars by the page itself (larger, in the page's font).
  const svg = toSVG({ bcid: "code128", text, height: 9, includetext: false, paddingwidth: 0, paddingheight: 0 });
  return withLabel(svg, label);
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** role=img with a name, so a screen reader says what the code is instead of reading paths. */
function withLabel(svg: string, label: string): string {
  return svg.replace(/^<svg /, `<svg role="img" aria-label="${escapeXml(label)}" preserveAspectRatio="xMidYMid meet" `);
}
