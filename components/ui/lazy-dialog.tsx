"use client";

import { lazy, Suspense, useState, type ComponentType } from "react";
import { FeatureMessages } from "@/lib/i18n/feature-messages";
import { featuresPending, type Feature } from "@/lib/i18n/features";
import { isLocale } from "@/lib/i18n/locales";

/** True from the first render where `open` is true on. */
function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * A dialog that is not part of its page's first download: its chunk is fetched by `prefetch` (call
 * it on hover or focus of what opens the dialog, so the chunk is there before the click) or, at the
 * latest, the first time it opens, when it shows as soon as the chunk arrives. From its first
 * opening on it stays mounted, so it closes as it did when it was always there (the native
 * <dialog>'s close, focus back to the button that opened it). React's `lazy`, not next/dynamic,
 * whose loader is ~6 KiB (gzip) of the first download (see components/layout/desk-chrome-lazy.tsx).
 * `features`: the message namespaces its components use (lib/i18n/features.ts), fetched beside its
 * code and there before it renders, whatever its page loaded (checked by lib/i18n/page-messages.test.ts).
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean, features: readonly Feature[]) {
  let started: Promise<ComponentType<P>> | null = null;
  const fetchOnce = () => {
    if (!started) {
      const lang = typeof document === "undefined" ? undefined : document.documentElement.lang;
      // The page's language's messages start with the code; <FeatureMessages> below waits for them (in a language switched to since, too).
      const messages = isLocale(lang) ? featuresPending(lang, features) : null;
      started = Promise.all([load(), messages]).then(([component]) => component);
      // A failed download (a flaky connection) is tried again by the next hover or opening.
      started.catch(() => (started = null));
    }
    return started;
  };
  const Loaded = lazy(() => fetchOnce().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    return useOpenedOnce(isOpen(props)) ? (
      <Suspense fallback={null}>
        <FeatureMessages features={features}>
          <Loaded {...props} />
        </FeatureMessages>
      </Suspense>
    ) : null;
  }
  /** Starts the chunk's download (once); safe to call on every hover or focus. */
  LazyDialog.prefetch = () => void fetchOnce().catch(() => undefined);
  return LazyDialog;
}
