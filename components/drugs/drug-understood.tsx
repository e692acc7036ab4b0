"use client";

import { Languages, SearchX, Tag } from "lucide-react";
import { useTranslations } from "use-intl";
import type { DrugBrand, DrugEntry, DrugMatch, DrugQueryUnderstood } from "@/lib/schemas/drugs";

/** "brand: Dolo 650 (Micro Labs) = Paracetamol 650 mg", and the strength, form or script the desk read in the query. */
export function QueryUnderstood({ understood }: { understood?: DrugQueryUnderstood }) {
  const t = useTranslations("drugs.understood");
  if (!understood) return null;
  const { brand, strength, form, route, script } = understood;
  const read = [strength && t("strength", { strength }), form && t("form", { form }), route && !form?.startsWith(route) && t("route", { route })].filter(Boolean);
  if (!brand && !read.length && !script) return null;
  return (
    <div data-testid="drug-understood" className="space-y-1 border-b border-line bg-primary-soft/40 px-4 py-2 text-sm">
      {brand ? (
        <p data-testid="drug-brand-line" className="flex items-start gap-1.5 text-ink">
          <Tag aria-hidden className="mt-0.5 size-3.5 shrink-0 text-primary" />
          <span>{t("brand", { brand: brand.name, manufacturer: brand.manufacturer, composition: brand.composition })}</span>
        </p>
      ) : null}
      {read.length || script ? (
        <p className="flex items-start gap-1.5 text-ink-muted">
          {script ? <Languages aria-hidden className="mt-0.5 size-3.5 shrink-0" /> : null}
          <span>{[script && t("devanagari"), ...read].filter(Boolean).join(" · ")}</span>
        </p>
      ) : null}
    </div>
  );
}

/** Nothing answered the typed name with confidence: say so, and offer the near entries separately. */
export function NoConfidentMatch({ query, match, understood, onChoose }: { query: string; match: DrugMatch; understood?: DrugQueryUnderstood; onChoose: (q: string) => void }) {
  const t = useTranslations("drugs.understood");
  return (
    <div data-testid="drug-no-confident-match" className="flex flex-col items-center px-6 py-10 text-center">
      <span aria-hidden className="flex size-12 items-center justify-center rounded-full bg-surface-sunken text-ink-muted">
        <SearchX className="size-6" />
      </span>
      <p className="mt-4 max-w-sm text-sm font-medium text-ink">{t("noConfidentMatch", { query })}</p>
      <p className="mt-2 max-w-sm text-sm text-ink-muted">{understood?.otherMedicine ? t("otherMedicine") : t("noConfidentBody")}</p>
      {match.didYouMean.length ? (
        <div className="mt-4">
          <p className="text-xs font-semibold tracking-wider text-ink-faint uppercase">{t("didYouMean")}</p>
          <ul className="mt-2 flex flex-wrap justify-center gap-2">
            {match.didYouMean.map((d) => (
              <li key={d.label}>
                <button
                  type="button"
                  onClick={() => onChoose(d.query)}
                  className="rounded-full border border-line bg-surface px-3 py-1 text-sm text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
                >
                  {d.label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

const STRENGTH = /(\d+(?:\.\d+)?(?:\s*\+\s*\d+(?:\.\d+)?)*)\s*(mg|micrograms?|mcg|g|ml|mL|IU|%)(?:\s*\/\s*(?:\d+(?:\.\d+)?\s*)?(?:ml|mL|g|L))?/g;

const numberOf = (s: string) => s.replace(/\s+/g, "").match(/^\d+(?:\.\d+)?/)?.[0];

/** Strengths the formulary lists for an entry, read from its availability text, in order, each once. */
export function listedStrengths(availability: string): string[] {
  const seen = new Set<string>();
  return [...availability.matchAll(STRENGTH)].map((m) => m[0].replace(/\s+/g, " ").replace(/micrograms?/, "mcg")).filter((s) => !seen.has(s) && seen.add(s));
}

/** The strength to highlight: what was typed, else the brand's (when it has one component). */
function askedStrength(understood?: DrugQueryUnderstood): string | undefined {
  if (understood?.strength) return numberOf(understood.strength);
  const comp = understood?.brand?.composition;
  return comp && !comp.includes(" + ") ? numberOf(comp.replace(/^\D+/, "")) : undefined;
}

/** Strengths and forms of the open entry with the asked one marked, its brand line, and the brands it is also sold as. */
export function EntryBrandsAndStrengths({ entry, understood, brands }: { entry: DrugEntry; understood?: DrugQueryUnderstood; brands: DrugBrand[] }) {
  const t = useTranslations("drugs.understood");
  const strengths = listedStrengths(entry.availability);
  const asked = askedStrength(understood);
  const listed = asked === undefined || strengths.some((s) => numberOf(s) === asked || s.includes(`${asked} `) || s.includes(`(${asked}`));
  const isAnswer = understood?.generic && understood.generic.length === entry.components.length && understood.generic.every((g) => entry.components.includes(g) || entry.name === g);
  return (
    <div className="mt-4 space-y-3">
      {isAnswer && understood?.brand ? (
        <p data-testid="drug-detail-brand-line" className="rounded-md bg-primary-soft px-3 py-2 text-sm text-primary-soft-ink">
          {t("brand", { brand: understood.brand.name, manufacturer: understood.brand.manufacturer, composition: understood.brand.composition })}
        </p>
      ) : null}
      {strengths.length ? (
        <div>
          <p className="text-xs font-semibold tracking-wider text-ink-faint uppercase">{t("strengths")}</p>
          <ul data-testid="drug-strengths" className="mt-1.5 flex flex-wrap gap-1.5">
            {strengths.map((s) => {
              const mark = isAnswer && asked !== undefined && (numberOf(s) === asked || s.includes(`(${asked}`));
              return (
                <li key={s} aria-current={mark ? "true" : undefined} className={mark ? "rounded bg-warning-soft px-2 py-0.5 text-sm font-semibold text-warning-soft-ink ring-1 ring-warning" : "rounded bg-surface-sunken px-2 py-0.5 text-sm text-ink"}>
                  {s}
                </li>
              );
            })}
          </ul>
          {isAnswer && asked !== undefined && !listed ? <p className="mt-1 text-sm text-warning-soft-ink">{t("notListedStrength", { strength: understood?.strength ?? asked })}</p> : null}
        </div>
      ) : null}
      {brands.length ? (
        <div>
          <p className="text-xs font-semibold tracking-wider text-ink-faint uppercase">{t("alsoSoldAs")}</p>
          <ul data-testid="drug-also-sold-as" className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink">
            {brands.map((b) => (
              <li key={b.name}>
                <span className="font-medium">{b.name}</span> <span className="text-ink-muted">({b.manufacturer})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
