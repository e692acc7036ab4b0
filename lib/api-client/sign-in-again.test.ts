import { afterEach, describe, expect, it, vi } from "vitest";

// A fresh copy of the module per test: the sign-out mark is page-wide state.
async function freshHttp() {
  vi.resetModules();
  return import("./http");
}

function pageAt(pathname: string, search = "") {
  const assign = vi.fn();
  vi.stubGlobal("window", { location: { pathname, search, assign } });
  return assign;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a session that ends while a desk page is open", () => {
  it("sends the page to sign-in with a way back to where it was", async () => {
    const { signInAgain } = await freshHttp();
    const assign = pageAt("/appointments/today", "?clinic=c1");
    signInAgain();
    expect(assign).toHaveBeenCalledWith("/login?callbackUrl=%2Fappointments%2Ftoday%3Fclinic%3Dc1");
  });

  it("leaves the page alone once this desk's own sign-out has begun (it opens plain /login itself, for the next person)", async () => {
    const { signInAgain, signingOutHere } = await freshHttp();
    const assign = pageAt("/appointments/today");
    signingOutHere();
    signInAgain();
    expect(assign).not.toHaveBeenCalled();
  });
});
