"use client";

import { useState } from "react";
import { Clock, Copy, Languages, SearchX, Tag } from "lucide-react";
import { useTranslations } from "use-intl";
import { isAskedStrength, listedStrengths, listedUnderForm, strengthNumber } from "@/lib/drugs/strengths";
import type { DrugBrand, DrugEntry, DrugMatch, DrugQueryUnderstood } from "@/lib/schemas/drugs";
import { useDrugWords } from "./use-drug-words";

/** The line as the desk read it: brand → generic with strength, form, dosing in words, route; and what it could not read. */
export function QueryUnderstood({ understood }: { understood?: DrugQueryUnderstood }) {
  const t = useTranslations("drugs.understood");
  const words = useDrugWords();
  if (!understood) return null;
  const { brand, strength, form, route, script, sig, genericLine } = understood;
  const dosing = sig ? words.sigInWords(sig) : "";
  const read = [
    !brand && strength && t("strength", { strength }),
    form && t("form", { form: words.form(form) }),
    route && !form?.startsWith(route) && t("route", { route: words.route(route) }),
  ].filter(Boolean);
  if (!brand && !read.length && !script && !dosing) return null;
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
      {dosing ? (
        <p data-testid="drug-dosing" className="flex items-start gap-1.5 text-ink">
          <Clock aria-hidden className="mt-0.5 size-3.5 shrink-0 text-primary" />
          <span>{dosing}</span>
        </p>
      ) : null}
      {genericLine && (dosing || brand) ? <GenericLine line={genericLine} /> : null}
      <FormNotKnownNote understood={understood} />
    </div>
  );
}

/** "Tab Paracetamol 650 mg, 1-0-1 × 3 days", with a button that copies it. */
export function GenericLine({ line }: { line: string }) {
  const t = useTranslations("drugs.understood");
  const [copied, setCopied] = useState(false);
  return (
    <p className="flex flex-wrap items-center gap-2 text-ink">
      <span className="text-xs font-semibold tracking-wider text-ink-faint uppercase">{t("genericLine")}</span>
      <code data-testid="drug-generic-line" className="rounded bg-surface px-1.5 py-0.5 font-mono text-sm">
        {line}
      </code>
      <button
        type="button"
        onClick={() => void navigator.clipboard?.writeText(line).then(() => setCopied(true), () => undefined)}
        className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium text-primary hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-focus print:hidden"
      >
        <Copy aria-hidden className="size-3.5" />
        {copied ? t("copied") : t("copy")}
      </button>
    </p>
  );
}

type Translate = ReturnType<typeof useTranslations<"drugs.understood">>;

/** "Calpol is Paracetamol, but no syrup of it is known here (known as tablet, suspension, drops)…" */
function formNotKnownText(t: Translate, words: ReturnType<typeof useDrugWords>, understood: DrugQueryUnderstood): string | null {
  const { brand, formNotKnown } = understood;
  if (!brand || !formNotKnown) return null;
  return t("formNotKnown", { brand: brand.name, composition: brand.composition, form: words.form(formNotKnown.form), known: formNotKnown.known.map(words.form).join(", ") });
}

/** A brand written in a form the desk does not know it in: said in words, so no other form's strength is taken for it. */
export function FormNotKnownNote({ understood }: { understood?: DrugQueryUnderstood }) {
  const t = useTranslations("drugs.understood");
  const words = useDrugWords();
  const text = understood ? formNotKnownText(t, words, understood) : null;
  return text ? (
    <p data-testid="drug-form-not-known" className="text-sm text-warning-soft-ink">
      {text}
    </p>
  ) : null;
}

/** What a missed line still said: the medicine recognised (herbal, outside the formulary, a combination it lacks), its dosing, and the words not read. */
export function MissExplained({ understood }: { understood?: DrugQueryUnderstood }) {
  const t = useTranslations("drugs.understood");
  const words = useDrugWords();
  if (!understood) return null;
  const recognised = [
    understood.form && words.form(understood.form),
    understood.strength,
    understood.sig && words.sigInWords(understood.sig),
    understood.route && words.route(understood.route),
  ].filter(Boolean) as string[];
  const generic = understood.generic?.join(" + ");
  let about: string | null = null;
  if (understood.herbal) about = t("herbal");
  else if (understood.brand && understood.formNotKnown) about = formNotKnownText(t, words, understood);
  else if (understood.brand && generic) about = t("combinationMissing", { brand: understood.brand.name, composition: understood.brand.composition });
  else if (understood.otherMedicine && generic) about = t("notInFormulary", { generic });
  else if (!understood.unread?.length && !generic && recognised.length) about = t("onlyDosing", { items: recognised.join(", ") });
  return (
    <div data-testid="drug-miss-explained" className="mt-3 max-w-md space-y-1 text-sm">
      {about ? <p className="text-ink">{about}</p> : null}
      {recognised.length && !about?.includes(recognised[0]!) ? <p className="text-ink-muted">{t("recognised", { items: recognised.join(" · ") })}</p> : null}
      {understood.unread?.length && !understood.otherMedicine ? <p className="text-warning-soft-ink">{t("notRecognised", { words: understood.unread.join(" ") })}</p> : null}
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
      <p className="mt-2 max-w-sm text-sm text-ink-muted">{understood?.otherMedicine && !understood.herbal ? t("otherMedicine") : t("noConfidentBody")}</p>
      <MissExplained understood={understood} />
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

/** The strength to highlight: what was typed, else the brand's (when it has one component). */
function askedStrength(understood?: DrugQueryUnderstood): string | undefined {
  if (understood?.strength) return strengthNumber(understood.strength);
  const comp = understood?.brand?.composition;
  return comp && !comp.includes(" + ") ? strengthNumber(comp.replace(/^\D+/, "")) : undefined;
}

/** Strengths and forms of the open entry with the asked one marked, its brand line, and the brands it is also sold as. */
export function EntryBrandsAndStrengths({ entry, understood, brands }: { entry: DrugEntry; understood?: DrugQueryUnderstood; brands: DrugBrand[] }) {
  const t = useTranslations("drugs.understood");
  const strengths = listedStrengths(entry.availability);
  const asked = askedStrength(understood);
  const listed = asked === undefined || strengths.some((s) => isAskedStrength(s, asked) || s.text.includes(`${asked} `));
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
              // The strength typed, else (no strength typed) every strength of the form asked for: "paracetamol syrup".
              const mark = isAnswer && (asked !== undefined ? isAskedStrength(s, asked) : listedUnderForm(s, understood?.form));
              return (
                <li key={s.text} aria-current={mark ? "true" : undefined} className={mark ? "rounded bg-warning-soft px-2 py-0.5 text-sm font-semibold text-warning-soft-ink ring-1 ring-warning" : "rounded bg-surface-sunken px-2 py-0.5 text-sm text-ink"}>
                  {s.text}
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
