"use client";

import { useTranslations } from "use-intl";
import type { DrugListEntry } from "@/lib/schemas/drugs";
import { useRelatedDrugs } from "@/lib/api-client/drugs";
import { Skeleton } from "@/components/ui/skeleton";
import { ScheduleBadge } from "./drug-badges";

function RelatedGroup({ title, entries, onOpen }: { title: string; entries: DrugListEntry[]; onOpen: (entry: DrugListEntry) => void }) {
  if (entries.length === 0) return null;
  return (
    <div className="py-3">
      <h4 className="text-sm font-medium text-ink-muted">{title}</h4>
      <ul className="mt-2 flex flex-wrap gap-2">
        {entries.map((e) => (
          <li key={`${e.name}|${e.pageNumber}`}>
            <button
              type="button"
              onClick={() => onOpen(e)}
              className="inline-flex items-center gap-1.5 rounded-md border border-line bg-surface px-2.5 py-1 text-sm text-primary-soft-ink hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
            >
              {e.name}
              <ScheduleBadge schedule={e.schedule} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Other names of the entry, combinations sharing a component, and neighbours in its NLEM section. */
export function DrugRelated({ name, onOpen }: { name: string; onOpen: (entry: DrugListEntry) => void }) {
  const t = useTranslations("drugs");
  const related = useRelatedDrugs(name);
  return (
    <section aria-labelledby="drug-related-heading" className="border-t border-line pt-4 print:hidden">
      <h3 id="drug-related-heading" className="text-xs font-semibold tracking-wider text-ink-faint uppercase">
        {t("related.title")}
      </h3>
      {related.isPending ? (
        <div role="status" className="mt-3 flex gap-2">
          <span className="sr-only">{t("related.loading")}</span>
          <Skeleton className="h-7 w-28" />
          <Skeleton className="h-7 w-36" />
        </div>
      ) : related.isError ? (
        <p className="mt-2 text-sm text-ink-muted">
          {t("related.error")}{" "}
          <button type="button" onClick={() => void related.refetch()} className="font-medium text-primary-soft-ink underline">
            {t("related.retry")}
          </button>
        </p>
      ) : related.data.alternatives.length + related.data.sharingComponents.length + related.data.sameCategory.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{t("related.none")}</p>
      ) : (
        <div className="divide-y divide-line/70">
          <RelatedGroup title={t("related.alternatives")} entries={related.data.alternatives} onOpen={onOpen} />
          <RelatedGroup title={t("related.sharing")} entries={related.data.sharingComponents} onOpen={onOpen} />
          <RelatedGroup title={t("related.category")} entries={related.data.sameCategory} onOpen={onOpen} />
        </div>
      )}
    </section>
  );
}
