"use client";

import { useState } from "react";
import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { signOutHere } from "@/lib/api-client/auth";
import { signingOutHere } from "@/lib/api-client/session-end";

export function SignOutButton({ className, iconOnly = false, labels }: { className?: string; iconOnly?: boolean; labels: { signOut: string; signingOut: string } }) {
  const [pending, setPending] = useState(false);
  const label = pending ? labels.signingOut : labels.signOut;
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
        // next-auth's answer names its configured address (APP_URL, often localhost): a desk opened
        // on the server's LAN address or 127.0.0.1 would land on its own machine, without its
        // language cookie. A relative address keeps the host the desk was opened on.
        try {
          await signOutHere();
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
