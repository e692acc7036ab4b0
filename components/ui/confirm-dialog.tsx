"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in words the staff member can weigh before confirming. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Destructive actions (discard, delete, rotate) get the danger look. */
  tone?: "danger" | "primary";
  busy?: boolean;
  /**
   * Which answer is the default (focused, styled as the main button, taken by Enter). "cancel" suits a
   * question whose safe answer is to step back, e.g. "this patient may already be registered".
   */
  defaultAnswer?: "confirm" | "cancel";
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal question for an action that cannot be taken back. The native <dialog> gives focus
 * trapping, Escape and the inert page behind it; focus starts on Cancel so Enter never destroys.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, tone = "danger", busy, defaultAnswer = "confirm", onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      {open ? (
        <div className="flex flex-col gap-4 p-5">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {children ? (
            <div id={bodyId} className="text-sm text-ink-muted">
              {children}
            </div>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              ref={cancelRef}
              variant={defaultAnswer === "cancel" ? "primary" : "secondary"}
              data-default-answer={defaultAnswer === "cancel" || undefined}
              onClick={onCancel}
              disabled={busy}
            >
              {cancelLabel}
            </Button>
            <Button
              variant={defaultAnswer === "cancel" ? "secondary" : tone === "danger" ? "danger" : "primary"}
              data-default-answer={defaultAnswer === "confirm" || undefined}
              onClick={onConfirm}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {confirmLabel}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
