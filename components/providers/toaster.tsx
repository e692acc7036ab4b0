"use client";

import { useEffect, useState, type ComponentType } from "react";
import type { ToasterProps } from "sonner";
import { useTheme } from "next-themes";
import { useTranslations } from "use-intl";
import { loadSonner, onSonnerLoaded, setToasterMounted } from "@/lib/toast";
import { whenUserActs } from "@/lib/when-user-acts";

// A toast only ever follows something the user did: the first sign of a hand on the desk (the mouse
// moving, a press, a key) fetches sonner, well before that action's answer comes back with a toast.
// Not at idle time: the page's first download runs until the network is quiet, and an idle fetch
// would land inside it (bench/first-visit-js.ts counted it). The first toast fetches it too.

/** Sonner's <Toaster> once it is on the page; tells lib/toast.ts so the toasts asked for meanwhile are shown. */
function MountedToaster({ Toaster, ...props }: ToasterProps & { Toaster: ComponentType<ToasterProps> }) {
  // The Toaster (a child) has subscribed to sonner by the time this parent's effect runs.
  useEffect(() => {
    setToasterMounted(true);
    return () => setToasterMounted(false);
  }, []);
  return <Toaster {...props} />;
}

/**
 * The desk's toaster, without sonner in the page's first download (see lib/toast.ts): sonner comes
 * with the user's first move on the page, or with the first toast if that comes sooner.
 */
export function DeskToaster() {
  const { resolvedTheme } = useTheme();
  const t = useTranslations("common");
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    const unsubscribe = onSonnerLoaded((m) => setToaster(() => m.Toaster));
    // A failed download is tried again by the next toast, which also brings the Toaster (onSonnerLoaded).
    const cancel = whenUserActs(() => void loadSonner().catch(() => {}));
    return () => {
      unsubscribe();
      cancel();
    };
  }, []);
  if (!Toaster) return null;
  // Sonner sets its own system font stack, which has no Devanagari on most desk PCs (Hindi names drew as boxes):
  // the toasts inherit the app's stack instead, which starts with the bundled Noto Sans Devanagari.
  return (
    <MountedToaster
      Toaster={Toaster}
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      closeButton
      position="top-right"
      containerAriaLabel={t("notifications")}
      style={{ fontFamily: "inherit" }}
      toastOptions={{ style: { fontFamily: "inherit" } }}
    />
  );
}
