"use client";

import { useEffect, useRef, useState, type KeyboardEvent } from "react";

export interface ComboboxOptions<T> {
  /** The id of the listbox; option ids are derived from it and each item's key. */
  listboxId: string;
  /** What the list shows now. */
  items: readonly T[];
  /** A stable, unique key of an item (its index works when the list has no natural one). */
  getKey: (item: T, index: number) => string;
  /** Called with the highlighted item when Enter is pressed (or a single typed match). */
  onPick: (item: T, index: number) => void;
  /**
   * False while the list is still catching up with the typing (debounce, fetch, placeholder
   * data): Enter is then kept and carried out once the list is current, on the then-current list.
   */
  settled?: boolean;
  /** Whether the list is on screen; closed lists have no highlight and Enter does nothing. */
  open?: boolean;
  /** Asked to show the list (ArrowDown/ArrowUp on a closed combobox). */
  onOpen?: () => void;
  /** Escape: the caller closes the list, or clears the text when it was already closed. */
  onEscape?: () => void;
  /** The user typed something: a list that narrowed to one item highlights it. */
  typed?: boolean;
  /**
   * Enter with nothing highlighted: "ignore" (default) keeps it from submitting a form around the
   * combobox; "default" lets it through, for a box whose text is a value in its own right.
   */
  enterWithoutHighlight?: "ignore" | "default";
}

/**
 * One keyboard model for every combobox (WAI-ARIA 1.2 combobox with a listbox popup, list
 * autocomplete without automatic selection): nothing is highlighted until the user moves;
 * ArrowDown highlights the first option, then the next; ArrowUp the previous (and from the
 * first, none); Enter picks only what is highlighted — or the one and only match of what was
 * typed; focus stays in the input and aria-activedescendant names the highlighted option.
 * A new query clears the highlight: call `reset()` from the input's change handler.
 */
export function useCombobox<T>({
  listboxId,
  items,
  getKey,
  onPick,
  settled = true,
  open = true,
  onOpen,
  onEscape,
  typed = false,
  enterWithoutHighlight = "ignore",
}: ComboboxOptions<T>) {
  const [active, setActive] = useState(-1);
  const pendingEnter = useRef(false);

  const count = items.length;
  const highlighted = !open || count === 0 ? -1 : active >= 0 ? Math.min(active, count - 1) : typed && settled && count === 1 ? 0 : -1;
  const optionId = (index: number) => `${listboxId}-opt-${getKey(items[index]!, index).replace(/[^A-Za-z0-9_-]/g, "_")}`;
  const activeItem = highlighted >= 0 ? items[highlighted] : undefined;

  // An Enter pressed on a list that was not yet current is carried out once it is.
  useEffect(() => {
    if (!pendingEnter.current || !settled) return;
    pendingEnter.current = false;
    if (activeItem !== undefined) onPick(activeItem, highlighted);
  });

  // Keeps the highlighted option in view in a scrolling list.
  const activeId = activeItem !== undefined ? optionId(highlighted) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  function move(to: number) {
    setActive(count === 0 ? -1 : Math.max(-1, Math.min(to, count - 1)));
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) {
          onOpen?.();
          setActive(0);
        } else move(highlighted + 1);
        return;
      case "ArrowUp":
        event.preventDefault();
        if (!open) {
          onOpen?.();
          setActive(count - 1);
        } else move(highlighted <= 0 ? -1 : highlighted - 1);
        return;
      case "PageDown":
        if (!open || count === 0) return;
        event.preventDefault();
        move(highlighted + 5);
        return;
      case "PageUp":
        if (!open || count === 0) return;
        event.preventDefault();
        move(Math.max(highlighted - 5, 0));
        return;
      case "Enter":
        if (!settled) {
          event.preventDefault();
          pendingEnter.current = true;
        } else if (activeItem !== undefined) {
          event.preventDefault();
          onPick(activeItem, highlighted);
        } else if (open && enterWithoutHighlight === "ignore") {
          event.preventDefault();
        }
        return;
      case "Escape":
        pendingEnter.current = false;
        if (active !== -1) setActive(-1);
        if (onEscape) {
          event.preventDefault();
          onEscape();
        }
        return;
    }
  }

  return {
    /** Index of the highlighted item, or -1. */
    highlighted,
    activeItem,
    optionId,
    setHighlighted: (index: number) => setActive(index),
    /** Clears the highlight (the query changed) and forgets an Enter that was waiting. */
    reset() {
      setActive(-1);
      pendingEnter.current = false;
    },
    onKeyDown,
    /** Spread on the input. */
    inputProps: {
      role: "combobox" as const,
      "aria-autocomplete": "list" as const,
      "aria-expanded": open,
      "aria-controls": listboxId,
      "aria-activedescendant": activeId,
    },
    /** Spread on each option. */
    optionProps: (index: number) => ({
      id: optionId(index),
      role: "option" as const,
      "aria-selected": index === highlighted,
      "data-highlighted": index === highlighted ? "" : undefined,
      onMouseMove: () => index !== highlighted && setActive(index),
    }),
  };
}
