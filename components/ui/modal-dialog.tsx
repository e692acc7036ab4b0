"use client";

import { useEffect, useRef, type ComponentProps, type RefObject } from "react";
import { cn } from "./cn";

export interface ModalDialogProps extends Omit<ComponentProps<"dialog">, "open" | "ref" | "onClose" | "onCancel"> {
  /** Shown as a modal while true; closed when it turns false. */
  open: boolean;
  /** The dialog closed (Escape, a close button calling `ref.current.close()`, or `open` turning false). */
  onClose(): void;
  /** A selector inside the dialog to focus once it is open; React's autoFocus runs before that. */
  initialFocus?: string;
  /** Escape first closes an open patient list (a combobox inside) instead of the whole dialog. */
  escapeClosesListFirst?: boolean;
  /** For content that closes the dialog itself (`ref.current?.close()`); the dialog keeps its own otherwise. */
  dialogRef?: RefObject<HTMLDialogElement | null>;
}

/**
 * The desk's modal window on the native <dialog>: focus is trapped, the page behind is inert and
 * Escape closes it. Each use gives its width (and any scrolling) in `className`.
 */
export function ModalDialog({ open, onClose, initialFocus, escapeClosesListFirst, dialogRef, className, children, ...rest }: ModalDialogProps) {
  const own = useRef<HTMLDialogElement>(null);
  const ref = dialogRef ?? own;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      if (initialFocus) dialog.querySelector<HTMLElement>(initialFocus)?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, initialFocus, ref]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onCancel={
        escapeClosesListFirst
          ? (e) => {
              if (document.activeElement?.getAttribute("aria-expanded") === "true") e.preventDefault();
            }
          : undefined
      }
      className={cn("m-auto rounded-2xl border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/50", className)}
      {...rest}
    >
      {children}
    </dialog>
  );
}
