import { describe, expect, it } from "vitest";
import { Problem } from "./problem";
import { readProblem } from "./problem-body";

// The browser reads failed answers with readProblem (no zod); the server writes them by `Problem`.
// Both must accept and reject the same bodies, and read them alike.
const bodies: unknown[] = [
  { title: "Conflict", status: 409 },
  { type: "https://desk/problems/stale", title: "Conflict", status: 409, detail: "Changed elsewhere", code: "stale_version", instance: "urn:request:abc12345" },
  { title: "Invalid request", status: 400, errors: { mobile: "Enter 10 digits.", "extras.key": "Too long" } },
  { title: "Busy", status: 429, retryAfter: 2.5 },
  { title: "Busy", status: 429, retryAfter: 0, extra: "dropped", nested: { a: 1 } },
  { title: "x", status: 400.5 },
  { title: "x", status: "400" },
  { title: "x", status: 2 ** 60 },
  { status: 500 },
  { title: 5, status: 500 },
  { title: "x", status: 500, type: null },
  { title: "x", status: 500, detail: 1 },
  { title: "x", status: 500, code: false },
  { title: "x", status: 500, instance: ["urn"] },
  { title: "x", status: 500, retryAfter: "soon" },
  { title: "x", status: 500, errors: { a: 1 } },
  { title: "x", status: 500, errors: ["a"] },
  { title: "x", status: 500, errors: null },
  { title: "x", status: 500, detail: null },
  null,
  undefined,
  "Bad Gateway",
  [{ title: "x", status: 500 }],
  42,
];

describe("a problem body read without zod", () => {
  it.each(bodies.map((b) => [JSON.stringify(b) ?? "undefined", b]))("%s: the same verdict and reading as the server's schema", (_, body) => {
    const zod = Problem.safeParse(body);
    expect(readProblem(body)).toEqual(zod.success ? zod.data : undefined);
  });
});
