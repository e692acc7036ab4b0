import { describe, expect, it } from "vitest";
import { ApiProblemError, withRequestReference } from "./http";

const problem = { type: "about:blank", title: "Conflict", status: 409 };

describe("the reference staff read out to IT", () => {
  it("comes from the problem's instance", () => {
    expect(new ApiProblemError({ ...problem, instance: "urn:request:3fa85f64-5717-4562-b3fc-2c963f66afa6" }).reference).toBe("3fa85f64-5717-4562-b3fc-2c963f66afa6");
  });

  it("falls back to the answer's x-request-id when the body names none, and never shows an unsafe one", () => {
    expect(new ApiProblemError(withRequestReference(problem, "nginx-7d3f0a9b2c")).reference).toBe("nginx-7d3f0a9b2c");
    expect(withRequestReference({ ...problem, instance: "urn:request:from-the-body-1" }, "from-the-header-2").instance).toBe("urn:request:from-the-body-1");
    expect(new ApiProblemError(withRequestReference(problem, "<img src=x onerror=alert(1)>")).reference).toBeUndefined();
    expect(new ApiProblemError({ ...problem, instance: "https://elsewhere.example/x" }).reference).toBeUndefined();
  });
});
