"use client";

import QRCode from "qrcode";
import { useMemo } from "react";

/** A QR code of a upi:// link, drawn as one SVG path (scans from a phone held at the counter). */
export function UpiQr({ url, label, size = 208 }: { url: string; label: string; size?: number }) {
  const { d, n } = useMemo(() => {
    // The same encoder as the printed slips' codes (lib/print/codes.ts); four modules of quiet zone around it.
    const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
    const count = modules.size;
    let path = "";
    for (let y = 0; y < count; y++) for (let x = 0; x < count; x++) if (modules.get(y, x)) path += `M${x + 4} ${y + 4}h1v1h-1z`;
    return { d: path, n: count + 8 };
  }, [url]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${n} ${n}`} width={size} height={size} shapeRendering="crispEdges" className="rounded-lg bg-white" data-upi-url={url}>
      <rect width={n} height={n} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
