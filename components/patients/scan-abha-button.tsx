"use client";

import { QrCode } from "lucide-react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { LazyAbhaScanDialog } from "./abha-scan-dialog-lazy";

/** The button that opens the dialog: the same words everywhere. */
export function ScanAbhaButton({ onClick, size = "lg", className }: { onClick(): void; size?: "md" | "lg"; className?: string }) {
  const t = useTranslations("abha");
  return (
    // The dialog's chunk is fetched on hover or focus, before the click.
    <Button variant="secondary" size={size} onClick={onClick} onPointerEnter={LazyAbhaScanDialog.prefetch} onFocus={LazyAbhaScanDialog.prefetch} className={className} data-testid="scan-abha">
      <QrCode aria-hidden className="size-4" />
      {t("scanButton")}
    </Button>
  );
}
