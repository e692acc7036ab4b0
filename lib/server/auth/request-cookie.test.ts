import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { requestCookie } from "./request-cookie";

const NAME = "next-auth.session-token";

describe("requestCookie", () => {
  it("reads the named cookie of a route handler's NextRequest", () => {
    const req = new NextRequest("http://desk.test/api/drugs?q=x", { headers: { cookie: `theme=dark; ${NAME}=abc.def; lang=hi` } });
    expect(requestCookie(req, NAME)).toBe("abc.def");
    expect(requestCookie(req, "missing")).toBeUndefined();
  });

  it("reads a plain Request's cookie header and leaves its body to the handler", async () => {
    const req = new Request("http://desk.test/api/patients", { method: "POST", headers: { cookie: `${NAME}=tok%20en`, "content-type": "application/json" }, body: '{"firstName":"Asha"}' });
    expect(requestCookie(req, NAME)).toBe("tok en");
    expect(req.bodyUsed).toBe(false);
    expect(await req.json()).toEqual({ firstName: "Asha" });
  });

  it("has nothing when the request carries no cookies", () => {
    expect(requestCookie(new Request("http://desk.test/api/ping"), NAME)).toBeUndefined();
  });
});
