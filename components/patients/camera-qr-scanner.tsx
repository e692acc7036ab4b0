"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";

/** How often a camera frame is looked at: often enough to feel instant, rare enough for a shared desk PC. */
const LOOK_EVERY_MS = 150;

interface Detector {
  detect(source: HTMLVideoElement | ImageData): Promise<{ rawValue: string }[]>;
}
type DetectorClass = { new (o: { formats: string[] }): Detector; getSupportedFormats?(): Promise<string[]> };

/** The browser's own QR reader where it has one (Chrome on Android, macOS, ChromeOS); else jsQR, loaded only now. */
async function qrReader(): Promise<(video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const formats: string[] = Native ? ((await Native.getSupportedFormats?.().catch(() => [] as string[])) ?? []) : [];
  if (Native && formats.includes("qr_code")) {
    const detector = new Native({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  return async (video, canvas) => {
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (!w || !h) return null;
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    if (!ctx) return null;
    ctx.drawImage(video, 0, 0, w, h);
    const found = jsQR(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: "dontInvert" });
    return found?.data ?? null;
  };
}

/** The desk PC's camera reading QR codes; `onText` gets each code's text (the caller decides what it is). */
export function CameraQrScanner({ onText }: { onText(text: string): void }) {
  const t = useTranslations("abha");
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<"starting" | "looking" | "denied">("starting");
  const latest = useRef(onText);
  useEffect(() => {
    latest.current = onText;
  }, [onText]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play().catch(() => undefined);
        const read = await qrReader();
        setState("looking");
        let last = "";
        const look = async () => {
          if (stopped || !video.current || !canvas.current) return;
          const text = await read(video.current, canvas.current);
          // The same code stays in view for many frames: hand it over once.
          if (text && text !== last) {
            last = text;
            latest.current(text);
          }
          timer = setTimeout(() => void look(), LOOK_EVERY_MS);
        };
        void look();
      } catch {
        if (!stopped) setState("denied");
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="grid gap-2" data-testid="abha-camera">
      <video ref={video} muted playsInline aria-hidden className={state === "looking" ? "aspect-video w-full rounded-lg bg-black object-cover" : "hidden"} />
      <canvas ref={canvas} hidden />
      <p role="status" className={state === "denied" ? "text-sm font-medium text-danger-soft-ink" : "text-sm text-ink-muted"}>
        {state === "starting" ? t("cameraStarting") : state === "looking" ? t("cameraLooking") : t("cameraDenied")}
      </p>
    </div>
  );
}
