"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useRef, useState, type KeyboardEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { Camera, CameraOff, QrCode, UserPlus, X } from "lucide-react";
import { useTranslations } from "use-intl";
import { fetchDuplicates, patientKeys } from "@/lib/api-client/patients";
import { readAbhaQr, type AbhaQrProblem, type AbhaScan } from "@/lib/schemas/abha-qr";
import { todayInIndia } from "@/lib/schemas/india-today";
import type { DuplicateQuery } from "@/lib/schemas/patients";
import { Button, buttonClasses } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/field";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { PatientSummaryLine } from "./patient-summary-line";

// The camera and its QR decoder load only when someone presses "Use camera".
const CameraQrScanner = dynamic(() => import("./camera-qr-scanner").then((m) => m.CameraQrScanner), { ssr: false });

export interface AbhaScanDialogProps {
  open: boolean;
  onClose(): void;
  /** Fill a registration form with the scan (the desk's choice after seeing who matches); absent for staff who do not register. */
  onRegister?(scan: AbhaScan, raw: string): void;
  /** On the registration form: fill at once (its own duplicate warnings show matches), no second step. */
  fillAtOnce?: boolean;
}

/** The button that opens the dialog: the same words everywhere. */
export function ScanAbhaButton({ onClick, size = "lg", className }: { onClick(): void; size?: "md" | "lg"; className?: string }) {
  const t = useTranslations("abha");
  return (
    <Button variant="secondary" size={size} onClick={onClick} className={className} data-testid="scan-abha">
      <QrCode aria-hidden className="size-4" />
      {t("scanButton")}
    </Button>
  );
}

/**
 * Scan an ABHA card or app code: a USB/Bluetooth scanner types the code into the focused box and
 * presses Enter; or the desk PC's camera reads it. The code is read in the browser (nothing is stored
 * or sent until the receptionist registers or opens a patient); patients with the same ABHA come first.
 */
export function AbhaScanDialog(props: AbhaScanDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  return (
    <ModalDialog open={props.open} onClose={props.onClose} dialogRef={ref} initialFocus="#abha-scan-input" aria-labelledby="abha-scan-title" className="w-[min(36rem,calc(100vw-1rem))] max-h-[calc(100dvh-1rem)] overflow-y-auto">
      {props.open ? <ScanPanel {...props} close={() => ref.current?.close()} /> : null}
    </ModalDialog>
  );
}

function ScanPanel({ onRegister, fillAtOnce, close }: AbhaScanDialogProps & { close(): void }) {
  const t = useTranslations("abha");
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<AbhaQrProblem | null>(null);
  const [scan, setScan] = useState<{ scan: AbhaScan; raw: string } | null>(null);
  const [camera, setCamera] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function read(raw: string) {
    const r = readAbhaQr(raw, todayInIndia());
    setText("");
    if (!r.ok) {
      setProblem(r.problem);
      setScan(null);
      input.current?.focus();
      return;
    }
    setProblem(null);
    setCamera(false);
    if (fillAtOnce && onRegister) {
      onRegister(r.scan, raw);
      close();
      return;
    }
    setScan({ scan: r.scan, raw });
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== "Enter") return;
    e.preventDefault();
    read(e.currentTarget.value);
  }

  return (
    <div className="grid gap-4 p-5">
      <div className="flex items-start gap-3">
        <h2 id="abha-scan-title" className="flex-1 text-lg font-semibold text-ink">
          {t("title")}
        </h2>
        <Button variant="ghost" size="icon" onClick={close} aria-label={t("close")}>
          <X aria-hidden className="size-4" />
        </Button>
      </div>
      <p className="text-sm text-ink-muted">{t("intro")}</p>
      <div className="grid gap-1.5">
        <Label htmlFor="abha-scan-input">{t("scannerLabel")}</Label>
        <Input
          id="abha-scan-input"
          ref={input}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck={false}
          invalid={problem !== null}
          aria-describedby="abha-scan-hint abha-scan-problem"
        />
        <p id="abha-scan-hint" className="text-xs text-ink-muted">
          {t("scannerHint")}
        </p>
        <p id="abha-scan-problem" role="alert" className="text-sm font-medium text-danger-soft-ink" data-testid="abha-scan-problem">
          {problem ? t(`problems.${problem}`) : null}
        </p>
      </div>
      <div>
        <Button variant="secondary" onClick={() => setCamera((c) => !c)} aria-pressed={camera}>
          {camera ? <CameraOff aria-hidden className="size-4" /> : <Camera aria-hidden className="size-4" />}
          {camera ? t("stopCamera") : t("useCamera")}
        </Button>
      </div>
      {camera ? <CameraQrScanner onText={read} /> : null}
      {scan ? (
        <ScanMatches
          scan={scan.scan}
          onRegister={
            onRegister
              ? () => {
                  onRegister(scan.scan, scan.raw);
                  close();
                }
              : undefined
          }
        />
      ) : null}
    </div>
  );
}

/** Who the desk already knows by this ABHA (first), or by the usual duplicate rules. */
function ScanMatches({ scan, onRegister }: { scan: AbhaScan; onRegister?(): void }) {
  const t = useTranslations("abha");
  const q: DuplicateQuery = {
    firstName: scan.firstName,
    lastName: scan.lastName ?? "",
    mobile: scan.mobile ?? "",
    dob: scan.dob && "iso" in scan.dob ? scan.dob.iso : "",
    uhid: "",
    ...(scan.abhaNumber ? { abhaNumber: scan.abhaNumber } : {}),
    ...(scan.abhaAddress ? { abhaAddress: scan.abhaAddress } : {}),
  };
  const matches = useQuery({ queryKey: patientKeys.duplicates(q), queryFn: ({ signal }) => fetchDuplicates(q, signal), staleTime: 0 });
  const list = matches.data?.matches ?? [];
  return (
    <section aria-labelledby="abha-scan-found" className="grid gap-3 rounded-xl border border-line bg-surface-sunken p-4" data-testid="abha-scan-result">
      <h3 id="abha-scan-found" className="font-semibold text-ink">
        {t("found", { name: scan.name })} · {scan.variant === "card" ? t("variantCard") : t("variantApp")}
      </h3>
      <p className="text-sm text-ink-muted">{[scan.abhaNumber, scan.abhaAddress].filter(Boolean).join(" · ")}</p>
      {matches.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          {t("checking")}
        </p>
      ) : list.length ? (
        <div className="grid gap-2">
          <p className="text-sm font-medium text-ink">{t("matchesTitle")}</p>
          <p className="text-sm text-ink-muted">{t("matchesBody")}</p>
          <ul className="grid gap-2">
            {list.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-surface p-2">
                <span className="min-w-0 flex-1">
                  <PatientSummaryLine patient={m} />
                  {m.reasons.includes("abha") ? <span className="text-xs font-semibold text-success-soft-ink">{t("sameAbha")}</span> : null}
                </span>
                <Link href={`/patients/${m.id}`} className={buttonClasses({ size: "sm" })}>
                  {t("open", { name: m.name })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p role="status" className="text-sm text-ink-muted">
          {t("noMatches")}
        </p>
      )}
      {onRegister ? (
        <div>
          <Button variant={list.length ? "secondary" : "primary"} onClick={onRegister} data-testid="abha-register-new">
            <UserPlus aria-hidden className="size-4" />
            {t("registerNew")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
