"use client";

import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input, Label } from "@/components/ui/field";

/** Cancelling frees the slot on the platform, so it asks first, with the reason it records. */
export function CancelDialog({ open, summary, busy, onConfirm, onClose }: { open: boolean; summary: { patient: string; time: string; doctor: string }; busy: boolean; onConfirm(reason: string): void; onClose(): void }) {
  const t = useTranslations("queue");
  const [reason, setReason] = useState("");
  const id = useId();
  const close = () => {
    setReason("");
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
        if (!reason.trim()) return document.getElementById(id)?.focus();
        onConfirm(reason.trim());
        setReason("");
      }}
    >
      <p>{t("cancelBody", summary)}</p>
      <div className="mt-3 flex flex-col gap-1">
        <Label htmlFor={id}>{t("cancelReason")}</Label>
        <Input id={id} value={reason} maxLength={300} required placeholder={t("cancelReasonPlaceholder")} onChange={(e) => setReason(e.target.value)} />
      </div>
    </ConfirmDialog>
  );
}
