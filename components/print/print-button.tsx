"use client";

import { Printer } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Opens the browser's print dialog. */
export function PrintButton({ label }: { label: string }) {
  return (
    <Button onClick={() => window.print()} data-print-hidden="">
      <Printer aria-hidden className="size-4" />
      {label}
    </Button>
  );
}
