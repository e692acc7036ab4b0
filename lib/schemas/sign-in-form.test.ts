import fc from "fast-check";
import { anyCodePoint } from "@/lib/testing/arbitraries";
import { describe, expect, it } from "vitest";
import { checkSignIn, signInResolver } from "./sign-in-form";
import { SignInInput } from "./staff";

/** What a check decided: the cleaned values, or which fields it refused and, for the password, why (the form words it by that). */
function serverVerdict(input: { email: string; password: string }) {
  const result = SignInInput.safeParse(input);
  if (result.success) return { ok: result.data };
  const fields = [...new Set(result.error.issues.map((i) => String(i.path[0])))].sort();
  const password = result.error.issues.find((i) => i.path[0] === "password")?.code;
  return { refused: fields, password };
}

function browserVerdict(input: { email: string; password: string }) {
  const result = checkSignIn(input);
  if ("values" in result) return { ok: result.values };
  return { refused: Object.keys(result.problems).sort(), password: result.problems.password?.type };
}

const emailish = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((e) => `  ${e.toUpperCase()} `),
  fc.emailAddress().map((e) => e.replace("@", "\u0000@")),
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: anyCodePoint }),
  fc.constantFrom("", " ", "reception@demo.clinic", "a@b", "a@b.c", "a..b@x.in", ".a@x.in", "rec\ud800@demo.clinic", "दिव्या@clinic.in", "\u00a0a@b.in\u2003"),
);
const passwordish = fc.oneof(fc.string({ maxLength: 220 }), fc.string({ unit: anyCodePoint, maxLength: 220 }), fc.constantFrom("", " ", "x".repeat(200), "x".repeat(201), "\u0000"));

describe("the sign-in form's browser-side check", () => {
  it("decides every input as the server's SignInInput does: the same cleaned values, the same refused fields, the same reason for the password", () => {
    fc.assert(
      fc.property(emailish, passwordish, (email, password) => {
        expect(browserVerdict({ email, password })).toEqual(serverVerdict({ email, password }));
      }),
      { numRuns: 3000 },
    );
  });

  it("gives react-hook-form field errors, or the cleaned values", async () => {
    const refused = await signInResolver({ email: "nobody", password: "x".repeat(201) }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(refused.errors.email?.type).toBe("invalid_format");
    expect(refused.errors.password?.type).toBe("too_big");
    const accepted = await signInResolver({ email: " Reception@Demo.Clinic ", password: "p" }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(accepted).toEqual({ values: { email: "reception@demo.clinic", password: "p" }, errors: {} });
  });
});
