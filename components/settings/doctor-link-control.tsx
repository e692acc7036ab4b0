"use client";

import { useState } from "react";
import { Link2 } from "lucide-react";
import { toast } from "@/lib/toast";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { useLinkDoctor } from "@/lib/api-client/staff-sessions";
import type { DirectoryEntry } from "@/lib/schemas/clinic-directory";
import type { StaffSessionsView } from "@/lib/schemas/staff-sessions";

type Member = StaffSessionsView["staff"][number];

/**
 * Which clinic-directory doctor a doctor's account is: their own appointments are that doctor's.
 * Chosen from the directory (never typed); "not linked" falls back to the doctor of the same name.
 */
export function DoctorLinkControl({ member, doctors }: { member: Member; doctors: DirectoryEntry[] }) {
  const t = useTranslations("staffSessions.doctorLink");
  const link = useLinkDoctor();
  const recorded = member.doctorLink?.by === "record" ? member.doctorLink.doctorId : "";
  const [choice, setChoice] = useState(recorded);
  const [failure, setFailure] = useState<unknown>(null);
  const nameOf = (id: string) => doctors.find((d) => d.platformId === id)?.displayName ?? id;
  const selectId = `doctor-link-${member.id}`;
  const statusId = `${selectId}-status`;

  function save(e: React.FormEvent) {
    e.preventDefault();
    setFailure(null);
    const platformDoctorId = choice || null;
    link.mutate(
      { staffId: member.id, platformDoctorId },
      {
        onSuccess: () => toast.success(platformDoctorId ? t("saved", { name: member.name, doctor: nameOf(platformDoctorId) }) : t("removed", { name: member.name })),
        onError: setFailure,
      },
    );
  }

  return (
    <form onSubmit={save} className="mt-2 w-full" data-testid="doctor-link">
      <p id={statusId} className="text-xs text-ink-muted">
        {member.doctorLink
          ? t(member.doctorLink.by === "record" ? "linkedRecord" : "linkedName", { doctor: nameOf(member.doctorLink.doctorId) })
          : t("unlinked")}
      </p>
      {doctors.length === 0 ? (
        <p className="mt-1 text-xs text-ink-muted">{t("noDoctors")}</p>
      ) : (
        <div className="mt-1.5 flex flex-wrap items-center gap-2">
          <label htmlFor={selectId} className="text-xs text-ink-muted">
            {t("label")}
          </label>
          <Select
            id={selectId}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            aria-label={t("labelFor", { name: member.name })}
            aria-describedby={statusId}
            aria-invalid={failure ? true : undefined}
            className="h-8 w-auto max-w-full py-0 text-sm"
          >
            <option value="">{t("none")}</option>
            {doctors.map((d) => (
              <option key={d.platformId} value={d.platformId}>
                {d.displayName}
              </option>
            ))}
          </Select>
          <Button type="submit" size="sm" variant="secondary" disabled={link.isPending || choice === recorded} aria-label={t("saveFor", { name: member.name })}>
            <Link2 aria-hidden className="size-4" />
            {t("save")}
          </Button>
        </div>
      )}
      {failure ? (
        <div className="mt-2">
          <ProblemAlert error={failure} />
        </div>
      ) : null}
    </form>
  );
}
