import { afterEach, describe, expect, it, vi } from "vitest";
import { BUILD_HEADER, THIS_BUILD } from "@/lib/build-stamp";
import type { QueueDay } from "@/lib/schemas/queue";

// A fresh copy per test: "this page is outdated" is page-wide state.
async function freshHttp() {
  vi.resetModules();
  const http = await import("./http");
  const errors = await import("./problem-error");
  return { ...http, deskOutdated: errors.deskOutdated };
}

/** The one answer `fetch` gives next, as the server (or something in between) sent it. */
function answer(status: number, body: string, headers: Record<string, string> = {}, statusText = "") {
  const fetch = vi.fn(async () => new Response(body, { status, statusText, headers }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const day: QueueDay = {
  clinicId: "cl-opd",
  day: "2026-11-27",
  timeZone: "Asia/Kolkata",
  appointments: [],
  counter: { priorityMarks: [], skipReturnAfter: 3, calls: {}, rooms: {} },
};
const json = { "content-type": "application/json" };
const problemJson = { "content-type": "application/problem+json" };

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!error) throw new Error("expected the call to fail");
  return error as import("./problem-error").ApiProblemError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("reading a BFF answer without zod", () => {
  it("hands over an answer of this build, of the expected shape, as it came", async () => {
    const { apiGet, objectAnswer } = await freshHttp();
    const fetch = answer(200, JSON.stringify(day), { ...json, [BUILD_HEADER]: THIS_BUILD });
    const got = await apiGet("/api/queue", { clinicId: "cl-opd", day: "2026-11-27", none: undefined }, objectAnswer<QueueDay>({ clinicId: "string", appointments: "array", counter: "object" }));
    expect(got).toEqual(day);
    expect(fetch).toHaveBeenCalledWith("/api/queue?clinicId=cl-opd&day=2026-11-27", expect.objectContaining({ method: "GET", credentials: "same-origin" }));
  });

  it("an unstamped answer (a BFF from before stamps) is still read when its shape is right", async () => {
    const { apiGet, objectAnswer, deskOutdated } = await freshHttp();
    answer(200, JSON.stringify(day), json);
    await expect(apiGet("/api/queue", {}, objectAnswer<QueueDay>({ appointments: "array" }))).resolves.toEqual(day);
    expect(deskOutdated.get()).toBe(false);
  });

  it("refuses an answer of another shape: a field of the wrong kind, an array for an object, a proxy's HTML page sent with 200", async () => {
    const { apiGet, objectAnswer, ApiProblemError } = await freshHttp();
    const expected = objectAnswer<QueueDay>({ clinicId: "string", appointments: "array" });
    for (const body of [JSON.stringify({ ...day, appointments: { a: 1 } }), JSON.stringify({ ...day, clinicId: 7 }), JSON.stringify([day]), "null", "<html>Gateway login</html>"]) {
      answer(200, body, json);
      const error = await failure(apiGet("/api/queue", {}, expected));
      expect(error).toBeInstanceOf(ApiProblemError);
      expect(error.kind).toBe("invalid-response");
      expect(error.path).toBe("/api/queue");
    }
  });
});

describe("an answer from another build of the desk (a deploy since this page loaded)", () => {
  it("is not handed to the page: the call fails as 'outdated' and the page-wide notice is raised once", async () => {
    const { apiGet, sendJson, objectAnswer, deskOutdated } = await freshHttp();
    const seen = vi.fn();
    deskOutdated.subscribe(seen);
    expect(deskOutdated.get()).toBe(false);
    answer(200, JSON.stringify(day), { ...json, [BUILD_HEADER]: "newer-build-42" });
    const error = await failure(apiGet("/api/queue", {}, objectAnswer<QueueDay>({ appointments: "array" })));
    expect(error.kind).toBe("outdated");
    expect(error.status).toBe(200);
    expect(error.message).not.toContain("cl-opd");
    expect(deskOutdated.get()).toBe(true);
    expect(seen).toHaveBeenCalledTimes(1);

    // A mutation meets the same: refused, and the notice is not raised a second time.
    answer(201, JSON.stringify({ appointmentId: "a1" }), { ...json, [BUILD_HEADER]: "newer-build-42" });
    expect((await failure(sendJson("POST", "/api/queue/a1/status", { status: "checked_in" }, objectAnswer()))).kind).toBe("outdated");
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it("its refusals are still read as problems: a 409 from the newer build says what it says, without the notice", async () => {
    const { sendJson, anyAnswer, deskOutdated } = await freshHttp();
    answer(409, JSON.stringify({ type: "about:blank", title: "Conflict", status: 409, detail: "Changed on another desk", code: "stale_version" }), { ...problemJson, [BUILD_HEADER]: "newer-build-42" });
    const error = await failure(sendJson("POST", "/api/queue/a1/status", {}, anyAnswer()));
    expect(error.kind).toBe("problem");
    expect(error.problem).toMatchObject({ title: "Conflict", detail: "Changed on another desk", code: "stale_version", status: 409 });
    expect(deskOutdated.get()).toBe(false);
  });
});

describe("failed answers (problem+json handling kept)", () => {
  it("a problem body becomes the error, with the answer's status, its field errors and the reference to read out to IT", async () => {
    const { sendJson, anyAnswer } = await freshHttp();
    const body = { title: "Invalid request", status: 400, detail: "Check the fields", errors: { mobile: "Enter 10 digits." }, instance: "urn:request:3fa85f64-5717-4562-b3fc" };
    answer(422, JSON.stringify(body), problemJson);
    const error = await failure(sendJson("POST", "/api/patients?x=1", { mobile: "1" }, anyAnswer()));
    expect(error.kind).toBe("problem");
    expect(error.status).toBe(422);
    expect(error.problem).toEqual({ ...body, type: "about:blank", status: 422 });
    expect(error.reference).toBe("3fa85f64-5717-4562-b3fc");
    expect(error.path).toBe("/api/patients");
  });

  it("a proxy's own error page becomes a problem named by the HTTP status, with the proxy's request id as the reference", async () => {
    const { apiGet, anyAnswer } = await freshHttp();
    answer(502, "<html><h1>502 Bad Gateway</h1></html>", { "content-type": "text/html", "x-request-id": "nginx-7d3f0a9b2c" }, "Bad Gateway");
    const error = await failure(apiGet("/api/slots", {}, anyAnswer()));
    expect(error.kind).toBe("problem");
    expect(error.problem).toEqual({ type: "about:blank", title: "Bad Gateway", status: 502, instance: "urn:request:nginx-7d3f0a9b2c" });
    expect(error.reference).toBe("nginx-7d3f0a9b2c");
  });

  it("a body that is not quite a problem (a field of the wrong type) is not trusted: the status names it", async () => {
    const { apiGet, anyAnswer } = await freshHttp();
    answer(503, JSON.stringify({ title: "Down", status: 503, retryAfter: "soon" }), problemJson);
    expect((await failure(apiGet("/api/slots", {}, anyAnswer()))).problem).toEqual({ type: "about:blank", title: "HTTP 503", status: 503 });
  });

  it("an unreachable server is a network failure; an aborted request rethrows the AbortError", async () => {
    const { apiGet, anyAnswer } = await freshHttp();
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const error = await failure(apiGet("/api/queue", {}, anyAnswer()));
    expect(error.kind).toBe("network");
    expect(error.status).toBe(0);
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new DOMException("The user aborted a request.", "AbortError"))));
    const aborted = await failure(apiGet("/api/queue", {}, anyAnswer(), AbortSignal.abort()));
    expect((aborted as unknown as DOMException).name).toBe("AbortError");
  });
});
