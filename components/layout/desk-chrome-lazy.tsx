"use client";

import { lazy, Suspense, type ComponentProps } from "react";
import type { DeskNav } from "./desk-nav";
import type { MobileMenu } from "./mobile-menu";
import type { SignOutButton } from "./sign-out-button";

/**
 * The desk shell's interactive parts, loaded only when a page shows them. The root forbidden page
 * (app/forbidden.tsx) draws the desk shell for signed-in staff; as a root boundary it is part of
 * every route, the sign-in page's too, and importing these directly there put them in every first
 * download. Desk pages import them directly (app/(desk)/layout.tsx): no wait there. React's own
 * `lazy`, not next/dynamic, whose loader alone is ~6 KiB (gzip) of that same first download. The
 * server renders them in full; the browser keeps that HTML until their chunk has arrived.
 */
const Nav = lazy(() => import("./desk-nav").then((m) => ({ default: m.DeskNav })));
const Menu = lazy(() => import("./mobile-menu").then((m) => ({ default: m.MobileMenu })));
const SignOut = lazy(() => import("./sign-out-button").then((m) => ({ default: m.SignOutButton })));

export function LazyDeskNav(props: ComponentProps<typeof DeskNav>) {
  return (
    <Suspense fallback={null}>
      <Nav {...props} />
    </Suspense>
  );
}

export function LazyMobileMenu(props: ComponentProps<typeof MobileMenu>) {
  return (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  );
}

export function LazySignOutButton(props: ComponentProps<typeof SignOutButton>) {
  return (
    <Suspense fallback={null}>
      <SignOut {...props} />
    </Suspense>
  );
}
