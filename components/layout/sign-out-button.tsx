"use client";

import { useState } from "react";
import { LogOut } from "lucide-react";
import { signOut } from "next-auth/react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";

export function SignOutButton({ className, iconOnly = false }: { className?: string; iconOnly?: boolean }) {
  const t = useTranslations("nav");
  const [pending, setPending] = useState(false);
  const label = pending ? t("signingOut") : t("signOut");
  return (
    <Button
      variant="ghost"
      size={iconOnly ? "icon" : "sm"}
      className={className}
      disabled={pending}
      title={iconOnly ? label : undefined}
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: "/login" });
      }}
    >
      <LogOut aria-hidden className="size-4" />
      {iconOnly ? <span className="sr-only">{label}</span> : label}
    </Button>
  );
}
