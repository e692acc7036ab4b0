"use client";

import { useTranslations } from "use-intl";
import { Select } from "@/components/ui/field";
import { PAYMENT_METHODS, type PaymentMethod } from "@/lib/schemas/billing";

/** Cash, UPI or card, in the page's language: for a payment line and for a refund. */
export function MethodSelect({ id, value, onChange }: { id: string; value: PaymentMethod; onChange: (method: PaymentMethod) => void }) {
  const t = useTranslations("billing.pay.methods");
  return (
    <Select id={id} value={value} onChange={(e) => onChange(e.target.value as PaymentMethod)} className="mt-1 h-10">
      {PAYMENT_METHODS.map((m) => (
        <option key={m} value={m}>
          {t(m)}
        </option>
      ))}
    </Select>
  );
}
