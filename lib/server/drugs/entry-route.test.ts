/** GET /api/drugs/entry through its real handler: the platform is a stand-in, the session a doctor's. */
import { beforeEach, describe, expect, it } from "vitest";
import type { DrugEntryQuery, DrugMonograph } from "@/lib/schemas/drugs";
import type { StaffSession } from "@/lib/server/auth/session";
import { PlatformUnavailableError } from "@/lib/server/errors";
import { databaseOf, installWiringForFile } from "@/lib/testing/process-wiring";

const state = { calls: [] as unknown[], answer: null as unknown, fail: false };

installWiringForFile(
  {
    env: () => ({ appUrl: "http://localhost:3000", platform: { baseUrl: "http://127.0.0.1:9", timeoutMs: 500, drugCacheSeconds: 60, emulator: true }, webhooks: {}, logLevel: "warn" }),
    database: databaseOf({}),
    services: {
      platform: {
        forStaff: () => ({
          drugs: {
            findDrugEntry: async (q: DrugEntryQuery) => {
              state.calls.push(q);
              if (state.fail) throw new PlatformUnavailableError();
              return state.answer;
            },
          },
        }),
      },
    },
    routes: { staffSession: async () => ({ id: "00000000-0000-4000-8000-000000000001", name: "Dr Test", email: "d@example.test", role: "doctor" }) as StaffSession },
  },
  "entry-route.test.ts",
);

const { GET } = await import("@/app/api/drugs/entry/route");
const { drugAnswers } = await import("./answer-cache");

const monograph: DrugMonograph = {
  entry: {
    name: "Paracetamol", components: ["Paracetamol"], isCompound: false, category: "Analgesics", schedule: "", pregnancyCategory: "B",
    indications: "Pain; fever.", availability: "Tablet 500 mg", dose: "500 mg", contraindications: "", precautions: "", precautionsAppendix: "",
    adverseEffects: "", storage: "", note: "", comments: "", additionalKeys: "PCM", pageNumber: 125, referencePageNumber: 0, referenceCount: 1, isReference: false,
  },
  brands: [{ name: "Crocin", manufacturer: "GSK", composition: "Paracetamol 500 mg", form: "tablet" }],
};
const get = (qs: string) => GET(new Request(`http://localhost:3000/api/drugs/entry${qs}`));

describe("GET /api/drugs/entry", () => {
  beforeEach(() => {
    state.calls = [];
    state.answer = monograph;
    state.fail = false;
    drugAnswers().clear();
  });

  it("answers the monograph and brands of the named entry, asking the platform once for a repeated open", async () => {
    const res = await get("?name=Paracetamol&page=125&reference=false");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.json()).toEqual(monograph);
    expect(state.calls).toEqual([{ name: "Paracetamol", page: 125, reference: false }]);
    await get("?name=Paracetamol&page=125&reference=false");
    expect(state.calls).toHaveLength(1);
  });

  it("says 404 as a problem for a name the formulary does not hold", async () => {
    state.answer = null;
    const res = await get("?name=Unobtainium");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect((await res.json()).detail).toContain("Unobtainium");
  });

  it("refuses bad parameters by name with 400, and a platform outage with 502, never a 500", async () => {
    for (const [qs, field] of [["?name=Paracetamol&page=abc", "page"], ["?name=", "name"], ["?name=X&colour=red", "colour"], ["?name=X&reference=maybe", "reference"]] as const) {
      const res = await get(qs);
      expect(res.status, qs).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect((await res.json()).errors, qs).toHaveProperty(field);
    }
    state.fail = true;
    const down = await get("?name=Paracetamol");
    expect(down.status).toBe(502);
    expect(down.headers.get("content-type")).toContain("application/problem+json");
    state.fail = false;
    // The failure was not kept: the next open asks again and gets the entry.
    expect((await get("?name=Paracetamol")).status).toBe(200);
  });
});
