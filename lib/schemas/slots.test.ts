import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { addDays, BookingRequest, daysInclusive, MAX_PLATFORM_WINDOW_DAYS, platformDateDay, SlotRangeQuery, splitIntoWindows } from "./slots";
import { DirectoryEntryInput } from "./clinic-directory";
import { AssistantSessionId } from "./assistant-session";

const day = fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

describe("platform date parameters", () => {
  it("name the same calendar day in the YYYY-MM-DD, Z and offset forms", () => {
    fc.assert(
      fc.property(day, (d) => {
        expect(platformDateDay(d)).toBe(d);
        expect(platformDateDay(`${d}T00:00:00.000Z`)).toBe(d);
        expect(platformDateDay(`${d}T23:59:59.000Z`)).toBe(d);
        expect(platformDateDay(`${d}T00:00:00+05:30`)).toBe(d);
      }),
    );
  });

  it("never throw on arbitrary text and refuse impossible dates", () => {
    fc.assert(fc.property(fc.string(), (s) => void platformDateDay(s)));
    for (const bad of ["2026-02-30", "2026-13-01", "23/11/2026", "2026-11-23T25:00:00Z", "tomorrow", ""]) expect(platformDateDay(bad), bad).toBeUndefined();
  });
});

describe("splitting ranges into platform windows", () => {
  it("covers the range exactly with contiguous windows of at most 10 days", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 90 }), (from, length) => {
        const to = addDays(from, length - 1);
        const windows = splitIntoWindows(from, to);
        expect(windows[0]!.from).toBe(from);
        expect(windows.at(-1)!.to).toBe(to);
        for (const [i, w] of windows.entries()) {
          expect(daysInclusive(w.from, w.to)).toBeGreaterThanOrEqual(1);
          expect(daysInclusive(w.from, w.to)).toBeLessThanOrEqual(MAX_PLATFORM_WINDOW_DAYS);
          if (i > 0) expect(w.from).toBe(addDays(windows[i - 1]!.to, 1));
        }
        expect(windows).toHaveLength(Math.ceil(length / MAX_PLATFORM_WINDOW_DAYS));
      }),
    );
  });
});

describe("the app's slot range query", () => {
  const base = { doctorId: "dr-meera-iyer", clinicId: "cl-andheri-west" };
  it("names the field at fault", () => {
    const issues = (q: object) => SlotRangeQuery.safeParse({ ...base, ...q }).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(issues({ from: "2026-11-23", to: "2026-11-22" })).toEqual(["to: The end date is before the start date."]);
    expect(issues({ from: "2026-11-01", to: "2026-12-15" })).toEqual(["to: Choose at most 31 days at a time."]);
    expect(issues({ from: "2026-02-30", to: "2026-03-01" })).toEqual(["from: This is not a real calendar date."]);
    expect(issues({ from: "23/11/2026", to: "2026-11-23" })?.[0]).toMatch(/^from: Use a date like/);
    expect(SlotRangeQuery.safeParse({ ...base, doctorId: "../etc", from: "2026-11-23", to: "2026-11-23" }).success).toBe(false);
    expect(SlotRangeQuery.safeParse({ ...base, from: "2026-11-23", to: "2026-12-23" }).success).toBe(true);
  });
});

describe("booking request, directory entry and session id", () => {
  it("require an idempotency key, a patient and a real slot time", () => {
    const ok = { idempotencyKey: "6f1c1a8e-3b0c-4d9e-9a55-0e6b0b7f0a11", doctorId: "d", clinicId: "c", patientId: "p", confId: "x", start: "2026-11-23T09:00:00+05:30", mode: "in_clinic" };
    expect(BookingRequest.safeParse(ok).success).toBe(true);
    const fields = (o: object) => Object.keys(BookingRequest.safeParse({ ...ok, ...o }).error?.flatten().fieldErrors ?? {});
    expect(fields({ idempotencyKey: "1" })).toEqual(["idempotencyKey"]);
    expect(fields({ patientId: " " })).toEqual(["patientId"]);
    expect(fields({ start: "2026-11-23" })).toEqual(["start"]);
  });

  it("defaults a clinic's zone to Asia/Kolkata, refuses unknown zones, and gives doctors none", () => {
    expect(DirectoryEntryInput.parse({ kind: "clinic", platformId: "cl-1", displayName: "Clinic" }).timeZone).toBe("Asia/Kolkata");
    expect(DirectoryEntryInput.parse({ kind: "doctor", platformId: "dr-1", displayName: "Dr. A", timeZone: "Asia/Kolkata" }).timeZone).toBeNull();
    expect(DirectoryEntryInput.safeParse({ kind: "clinic", platformId: "cl-1", displayName: "Clinic", timeZone: "Mars/Olympus" }).success).toBe(false);
  });

  it("accepts UUID session ids in any case and nothing else", () => {
    expect(AssistantSessionId.parse("5B0E8C1E-6F3A-4C2B-9D1E-2A7F4C8B9E01")).toBe("5b0e8c1e-6f3a-4c2b-9d1e-2a7f4c8b9e01");
    fc.assert(fc.property(fc.string(), (s) => void AssistantSessionId.safeParse(s)));
    expect(AssistantSessionId.safeParse("5b0e8c1e").success).toBe(false);
  });
});
