import { describe, expect, it } from "vitest";
import { demoPatientsFor, isChildOn } from "./sandbox-day";

const patients = [
  { id: "man-54", dob: "1972-04-25" },
  { id: "woman-38", dob: "1988-08-08" },
  { id: "boy-10", dob: "2016-02-19" },
  { id: "baby", dob: "2025-09-03" },
];

describe("the sandbox demo day books plausible patients for a service (issue 29 item 11)", () => {
  it("gives a paediatrician's vaccination and child visits to children only, never the 54-year-old man", () => {
    const paediatric = [{ name: "Child consultation" }, { name: "Vaccination visit" }];
    expect(demoPatientsFor(paediatric, patients, "2026-11-27")).toEqual(["boy-10", "baby"]);
  });

  it("gives a general physician's consultations to adults", () => {
    expect(demoPatientsFor([{ name: "In-clinic consultation" }, { name: "Tele-consultation" }], patients, "2026-11-27")).toEqual(["man-54", "woman-38"]);
  });

  it("counts whole years on the day: the eve of the 18th birthday is still a child", () => {
    expect(isChildOn("2008-11-28", "2026-11-27")).toBe(true);
    expect(isChildOn("2008-11-27", "2026-11-27")).toBe(false);
  });
});
