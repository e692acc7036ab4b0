"use client";

import { Trash2 } from "lucide-react";
import { toast } from "@/lib/toast";
import { useTranslations } from "use-intl";
import type { DirectoryEntry } from "@/lib/schemas/clinic-directory";
import { useRemoveDirectoryEntry, useSettingsDirectory } from "@/lib/api-client/slots";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ClinicDirectoryForm } from "./clinic-directory-form";

/** Settings → Clinics: the doctors and clinics the calendar offers, by their platform ids. */
export function ClinicDirectoryEditor() {
  const t = useTranslations("slots.directory");
  const directory = useSettingsDirectory();
  if (directory.isPending) return <Skeleton className="h-64 w-full rounded-xl" />;
  if (directory.isError) return <ProblemAlert error={directory.error} onRetry={() => void directory.refetch()} returnTo="/settings/clinics" />;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <DirectorySection kind="doctor" title={t("doctors")} entries={directory.data.doctors} />
      <DirectorySection kind="clinic" title={t("clinics")} entries={directory.data.clinics} />
    </div>
  );
}

function DirectorySection({ kind, title, entries }: { kind: "doctor" | "clinic"; title: string; entries: DirectoryEntry[] }) {
  const t = useTranslations("slots.directory");
  const remove = useRemoveDirectoryEntry();
  return (
    <section aria-labelledby={`${kind}-heading`}>
      <Card className="p-5">
        <h2 id={`${kind}-heading`} className="text-base font-semibold text-ink">
          {title}
        </h2>
        {entries.length === 0 ? (
          <p className="mt-3 text-sm text-ink-muted">{t("none")}</p>
        ) : (
          <table className="mt-3 w-full text-sm">
            <thead>
              <tr className="border-b border-line text-left text-xs text-ink-muted">
                <th scope="col" className="py-2 pr-2 font-medium">{t("name")}</th>
                <th scope="col" className="py-2 pr-2 font-medium">{t("platformId")}</th>
                {kind === "clinic" ? <th scope="col" className="py-2 pr-2 font-medium">{t("timeZone")}</th> : null}
                <th scope="col" className="py-2 text-right font-medium">
                  <span className="sr-only">{t("actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.platformId} className="border-b border-line last:border-0">
                  <td className="py-2 pr-2 text-ink">{e.displayName}</td>
                  <td className="py-2 pr-2 font-mono text-xs text-ink-muted">{e.platformId}</td>
                  {kind === "clinic" ? <td className="py-2 pr-2 text-ink-muted">{e.timeZone}</td> : null}
                  <td className="py-2 text-right">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t("remove", { name: e.displayName })}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(
                          { kind, platformId: e.platformId },
                          { onSuccess: () => toast.success(t("removed", { name: e.displayName })), onError: (err) => toast.error(err.message) },
                        )
                      }
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <ClinicDirectoryForm kind={kind} />
      </Card>
    </section>
  );
}
