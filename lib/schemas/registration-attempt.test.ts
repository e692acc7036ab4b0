import { describe, expect, it } from "vitest";
import { nextAttempt, type Attempt } from "@/components/patients/use-registration-draft";

let n = 0;
const makeKey = () => `key-${++n}`;

describe("the registration form's attempt key", () => {
  it("keeps the key for the same details, whatever the last answer", () => {
    for (const outcome of ["created", "not-created", "unknown"] as const) {
      const a: Attempt = { key: "k", sent: "A", outcome };
      expect(nextAttempt(a, "A", makeKey)).toEqual({ key: "k", sent: "A", outcome: "unknown" });
    }
  });

  it("takes a new key when the details changed after a send that certainly made nothing (the 503 then typo case)", () => {
    expect(nextAttempt({ key: "k", sent: "Ashaa", outcome: "not-created" }, "Asha", makeKey).key).not.toBe("k");
  });

  it("keeps the key when an earlier send may have created the patient, so the server can answer that outcome", () => {
    expect(nextAttempt({ key: "k", sent: "A", outcome: "unknown" }, "B", makeKey).key).toBe("k");
    expect(nextAttempt({ key: "k", sent: "A", outcome: "created" }, "B", makeKey).key).toBe("k");
  });

  it("makes a key for a form that has none yet", () => {
    expect(nextAttempt({ key: "" }, "A", makeKey).key).toMatch(/^key-/);
  });
});
