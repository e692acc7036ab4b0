import { useEffect } from "react";

/** Keeps the open entry's name in the address bar (?open=), shallowly, so reload and shared links reopen it. */
export function useOpenEntryUrl(name: string | undefined) {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (name) url.searchParams.set("open", name);
    else url.searchParams.delete("open");
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
  }, [name]);
}
