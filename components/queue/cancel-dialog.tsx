"use client";

import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FieldError, Input, Label } from "@/components/ui/field";

/** Cancelling frees the slot on the platform, so it asks first, with the reason it records. */
export function CancelDialog({ open, summary, busy, onConfirm, onClose }: { open: boolean; summary: { patient: string; time: string; doctor: string }; busy: boolean; onConfirm(reason: string): void; onClose(): void }) {
  const t = useTranslations("queue");
  const [reason, setReason] = useState("");
  // The desk's own words, in the desk's language: not the browser's "Please fill out this field."
  const [missing, setMissing] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  const close = () => {
    setReason("");
    setMissing(false);
    onClose();
  };
  return (
    <ConfirmDialog
      open={open}
      title={t("cancelTitle")}
      confirmLabel={t("cancelConfirm")}
      cancelLabel={t("keep")}
      busy={busy}
      onCancel={close}
      onConfirm={() => {
        if (!reason.trim()) {
          setMissing(true);
          return document.getElementById(id)?.focus();
        }
        onConfirm(reason.trim());
        setReason("");
        setMissing(false);
      }}
    >
      <p>{t("cancelBody", summary)}</p>
      <div className="mt-3 flex flex-col gap-1">
        <Label htmlFor={id}>{t("cancelReason")}</Label>
        <Input
          id={id}
          value={reason}
          maxLength={300}
          aria-required
          invalid={missing}
          aria-describedby={missing ? errorId : undefined}
          placeholder={t("cancelReasonPlaceholder")}
          onChange={(e) => {
            setReason(e.target.value);
            if (e.target.value.trim()) setMissing(false);
          }}
        />
        <FieldError id={errorId}>{missing ? t("cancelReasonRequired") : null}</FieldError>
      </div>
    </ConfirmDialog>
  );
}
