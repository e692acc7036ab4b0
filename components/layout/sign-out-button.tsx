"use client";

import { useState } from "react";
import { LogOut } from "lucide-react";
import { signOut } from "next-auth/react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { signingOutHere } from "@/lib/api-client/http";

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
      onClick={async () => {
        setPending(true);
        signingOutHere();
        // next-auth would send the browser to its configured address (APP_URL, often localhost): a
        // desk opened on the server's LAN address or 127.0.0.1 then lands on its own machine, without
        // its language cookie. A relative address keeps the host the desk was opened on.
        try {
          await signOut({ redirect: false });
        } finally {
          // A whole new page, not a client navigation: nothing of the signed-out session stays in memory.
          // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- see above
          window.location.assign("/login");
        }
      }}
    >
      <LogOut aria-hidden className="size-4" />
      {iconOnly ? <span className="sr-only">{label}</span> : label}
    </Button>
  );
}
