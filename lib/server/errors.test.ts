import { describe, expect, it, vi } from "vitest";

/**
 * Next bundles pages and route handlers apart, each with its own copy of errors.ts, and the
 * platform client is made by whichever asks first. Two module graphs here stand for the two copies.
 */
describe("error classes across separately bundled copies of the module", () => {
  it("an error thrown by one copy is an instance of the other's classes and keeps its status in the other's problem answer", async () => {
    const page = await import("./errors");
    vi.resetModules();
    const route = await import("./errors");
    expect(route).not.toBe(page);

    const refused = new page.PlatformRejectedError(404, "not_found", "The platform does not know this doctor.");
    expect(refused).toBeInstanceOf(route.PlatformRejectedError);
    expect(refused).toBeInstanceOf(route.AppError);
    expect(new page.PlatformCredentialsError("token_expired")).toBeInstanceOf(route.PlatformUnavailableError);
    expect(new page.ValidationError({ uhid: "taken" })).not.toBeInstanceOf(route.ConflictError);

    const answer = route.problemResponse(refused);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ status: 404, title: "Not found", detail: "The platform does not know this doctor.", code: "not_found" });
    // Anything else is still a 500, and says nothing of itself.
    expect((await route.problemResponse(new Error("secret detail")).json()).detail).not.toContain("secret");
  });

  it("so do the platform client's own classes the routes check for", async () => {
    const page = await import("@/lib/platform/client");
    vi.resetModules();
    const route = await import("@/lib/platform/client");
    expect(new page.DoctorNotAtClinicError()).toBeInstanceOf(route.DoctorNotAtClinicError);
  });
});
