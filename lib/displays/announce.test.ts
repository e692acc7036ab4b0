import { describe, expect, it } from "vitest";
import type { DisplayFeed } from "@/lib/schemas/displays";
import { callLine, newCalls, roomIn, spokenToken, utterancesFor } from "./announce";

const feed = (calledAt: string | null, token = "A-012", room: string | null = "Room 2"): DisplayFeed => ({
  displayName: "Hall",
  clinicName: "Sunrise Clinic",
  timeZone: "Asia/Kolkata",
  at: "2026-11-27T05:00:00.000Z",
  doctors: [{ key: "d1", doctorName: "Dr. Meera Iyer", room, nowServing: calledAt ? { token, initials: "R S" } : null, calledAt, next: [] }],
});

describe("what the waiting-room display says", () => {
  it("reads a token as people say it and a room in each language", () => {
    expect(spokenToken("A-012")).toBe("A 12");
    expect(spokenToken("OPD/7")).toBe("OPD 7");
    expect(roomIn("hi", "Room 2")).toBe("कमरा 2");
    expect(roomIn("en", "room 2")).toBe("Room 2");
    expect(roomIn("hi", "Dental chair")).toBe("Dental chair");
    expect(callLine("en", { room: "Room 2", doctorName: "Dr. X" }, "A-012", false)).toBe("Token A-012 — please go to Room 2");
    expect(callLine("hi", { room: null, doctorName: "Dr. Meera Iyer" }, "A-012", false)).toBe("टोकन A-012 — कृपया Dr. Meera Iyer के पास जाएँ");
  });

  it("announces a new call or a recall once, never the token already in the room when the TV starts", () => {
    expect(newCalls(null, feed("2026-11-27T05:00:00.000Z"))).toEqual([]);
    const first = newCalls(feed(null), feed("2026-11-27T05:00:00.000Z"));
    expect(first.map((a) => a.token)).toEqual(["A-012"]);
    expect(newCalls(feed("2026-11-27T05:00:00.000Z"), feed("2026-11-27T05:00:00.000Z"))).toEqual([]);
    // A recall calls the same token again: a later calledAt.
    expect(newCalls(feed("2026-11-27T05:00:00.000Z"), feed("2026-11-27T05:01:00.000Z"))).toHaveLength(1);
    expect(utterancesFor(first[0]!, ["en", "hi"])).toEqual([
      { lang: "en-IN", text: "Token A 12, please go to Room 2" },
      { lang: "hi-IN", text: "टोकन A 12, कृपया कमरा 2 में जाएँ" },
    ]);
  });
});
