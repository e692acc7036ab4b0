/** A pasted prescription through the desk's platform client, against the sandbox's formulary search in-process. */
import { describe, expect, it } from "vitest";
import { PlatformDrugQuery } from "@/lib/platform/wire/drugs";
import { drugsApi } from "@/lib/platform/client";
import type { PlatformHttp } from "@/lib/platform/client";
import { PrescriptionRequest } from "@/lib/schemas/drugs";
import { searchFormulary } from "@/lib/platform/fake/drug-search";
import { loadFormulary } from "@/lib/platform/fake/formulary";

const { index } = loadFormulary();
const http = (async (req: { query?: Record<string, unknown>; schema: { parse: (v: unknown) => unknown } }) => {
  const { results, search_info } = searchFormulary(index, PlatformDrugQuery.parse(req.query));
  return req.schema.parse({ results, search_info: { ...search_info } });
}) as unknown as PlatformHttp;
const drugs = drugsApi(http);

describe("reading a whole prescription", () => {
  it("answers one row a line, numbering and bullets dropped, with each line's generic and its printable line", async () => {
    const { rows } = await drugs.readPrescription("1. Tab Dolo 650 1-0-1 x 3 days\n\n- Cap Omez 20 BD before food\nDeriphyllin 1-0-1\nLiv 52 BD\nTab Paracetmol 500 TDS");
    expect(rows.map((r) => r.line)).toEqual(["Tab Dolo 650 1-0-1 x 3 days", "Cap Omez 20 BD before food", "Deriphyllin 1-0-1", "Liv 52 BD", "Tab Paracetmol 500 TDS"]);
    expect(rows.map((r) => r.confident)).toEqual([true, true, false, false, true]);
    expect(rows[0]).toMatchObject({ entry: { name: "Paracetamol" }, understood: { genericLine: "Tab Paracetamol 650 mg, 1-0-1 × 3 days" } });
    expect(rows[1]).toMatchObject({ entry: { name: "Omeprazole" }, understood: { genericLine: "Cap Omeprazole 20 mg, BD before food" } });
    expect(rows[2]!.understood?.generic).toEqual(["Etofylline", "Theophylline"]);
    expect(rows[2]!.entry).toBeUndefined();
    expect(rows[3]!.understood).toMatchObject({ herbal: true });
    // Found by the platform's spelling tolerance: the printed line still names the generic.
    expect(rows[4]).toMatchObject({ entry: { name: "Paracetamol" }, understood: { genericLine: "Tab Paracetamol 500, TDS" } });
  });

  it("picks each brand's product in the written form, and marks unsure a brand written in a form it is not known in", async () => {
    const { rows } = await drugs.readPrescription("Syp Calpol 250 5 ml TDS\nSyp Calpol 650 5 ml TDS\nInj Voveran 75 mg IM SOS");
    expect(rows.map((r) => r.confident)).toEqual([true, false, true]);
    expect(rows[0]).toMatchObject({ entry: { name: "Paracetamol" }, understood: { genericLine: "Syp Paracetamol 250 mg/5 ml, 5 ml TDS" } });
    expect(rows[1]!.entry).toBeUndefined();
    expect(rows[1]!.understood?.formNotKnown).toMatchObject({ form: "syrup", unsure: true });
    expect(rows[1]!.didYouMean.map((d) => d.label)).toContain("Paracetamol");
    expect(rows[2]).toMatchObject({ entry: { name: "Diclofenac" }, understood: { genericLine: "Inj Diclofenac 75 mg, SOS IM" } });
  });

  it("refuses an empty paste and more than 30 lines with a sentence", () => {
    expect(PrescriptionRequest.safeParse({ text: " \n " }).error?.issues[0]?.message).toBe("Paste at least one line of the prescription");
    expect(PrescriptionRequest.safeParse({ text: Array(31).fill("Tab Dolo 650").join("\n") }).error?.issues[0]?.message).toBe("Paste at most 30 lines at once");
    expect(PrescriptionRequest.safeParse({ text: "Tab Dolo 650", extra: 1 }).success).toBe(false);
  });
});
