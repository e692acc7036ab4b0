/**
 * A first desk load is marked as waiting (intl-provider.tsx) until the page's own part has hydrated,
 * after its features' messages came: then this sets the `data-hydrated` that AppProviders sets for
 * every other page and end-to-end tests wait for. Called by <FeatureMessages> and the desk's error page.
 */
export function pageHydrated() {
  const root = document.documentElement;
  if (root.dataset.messagesLoading) {
    delete root.dataset.messagesLoading;
    root.dataset.hydrated = "true";
  }
}
