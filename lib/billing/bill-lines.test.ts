import { describe, expect, it } from "vitest";
import { en } from "@/lib/i18n/catalogue-en";
import { hi } from "@/lib/i18n/catalogue-hi";
import { DESK_LINE_LABELS, deskLineKey, type DeskLineKey } from "./bill-lines";

describe("bill line names", () => {
  it("recognises each of the desk's own stored names, and only on the desk's own kinds of line", () => {
    expect(deskLineKey({ kind: "registration", label: DESK_LINE_LABELS.registration })).toBe("registration");
    expect(deskLineKey({ kind: "consultation", label: DESK_LINE_LABELS.newCase })).toBe("newCase");
    expect(deskLineKey({ kind: "consultation", label: DESK_LINE_LABELS.followUp })).toBe("followUp");
    // A platform service or a clinic's procedure keeps the name it was given, even one that reads like ours.
    expect(deskLineKey({ kind: "service", label: DESK_LINE_LABELS.newCase })).toBeNull();
    expect(deskLineKey({ kind: "procedure", label: "Registration" })).toBeNull();
    expect(deskLineKey({ kind: "consultation", label: "Skin consultation" })).toBeNull();
  });

  it("has every desk line name in English (as stored) and in Hindi", () => {
    for (const key of Object.keys(DESK_LINE_LABELS) as DeskLineKey[]) {
      expect(en.billing.lineNames[key]).toBe(DESK_LINE_LABELS[key]);
      expect(hi.billing.lineNames[key]).toMatch(/[\u0900-\u097F]/);
    }
  });
});
