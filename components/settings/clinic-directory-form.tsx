"use client";

import { useId, useState, type FormEvent } from "react";
import { Plus } from "lucide-react";
import { toast } from "@/lib/toast";
import { useTranslations } from "use-intl";
import { DEFAULT_CLINIC_TIME_ZONE, DirectoryEntryInput } from "@/lib/schemas/clinic-directory";
import { ApiProblemError } from "@/lib/api-client/http";
import { useSaveDirectoryEntry } from "@/lib/api-client/slots";
import { Button } from "@/components/ui/button";
import { FieldError, Input, Label } from "@/components/ui/field";

type Fields = { platformId: string; displayName: string; timeZone: string };

/** Adds a doctor or clinic (or renames one with the same platform id); checks with the shared schema first. */
export function ClinicDirectoryForm({ kind }: { kind: "doctor" | "clinic" }) {
  const t = useTranslations("slots.directory");
  const id = useId();
  const empty: Fields = { platformId: "", displayName: "", timeZone: kind === "clinic" ? DEFAULT_CLINIC_TIME_ZONE : "" };
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const save = useSaveDirectoryEntry();

  function submit(e: FormEvent) {
    e.preventDefault();
    const input = { kind, ...fields, timeZone: kind === "clinic" ? fields.timeZone : undefined };
    const parsed = DirectoryEntryInput.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Fields] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(input, {
      onSuccess: (saved) => {
        toast.success(t("saved", { name: saved.displayName }));
        setFields(empty);
      },
      // Server-side field errors land beside the fields; what was typed stays.
      onError: (err) => {
        if (err instanceof ApiProblemError && err.problem.errors) setErrors(err.problem.errors as Partial<Record<keyof Fields, string>>);
        else toast.error(err.message);
      },
    });
  }

  const field = (name: keyof Fields, label: string, extra: { mono?: boolean; placeholder?: string } = {}) => (
    <div>
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        className={extra.mono ? "mt-1.5 font-mono" : "mt-1.5"}
        value={fields[name]}
        placeholder={extra.placeholder}
        invalid={!!errors[name]}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        autoComplete="off"
        onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
      />
      <FieldError id={`${id}-${name}-error`}>{errors[name]}</FieldError>
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="mt-5 border-t border-line pt-4" aria-label={kind === "doctor" ? t("addDoctor") : t("addClinic")}>
      <div className="grid gap-3 sm:grid-cols-2">
        {field("displayName", t("name"), { placeholder: kind === "doctor" ? "Dr. Meera Iyer" : "Sunrise Family Clinic" })}
        {field("platformId", t("platformId"), { mono: true, placeholder: kind === "doctor" ? "dr-meera-iyer" : "cl-andheri-west" })}
        {kind === "clinic" ? field("timeZone", t("timeZone"), { placeholder: DEFAULT_CLINIC_TIME_ZONE }) : null}
      </div>
      <Button type="submit" variant="secondary" className="mt-3" disabled={save.isPending}>
        <Plus aria-hidden className="size-4" />
        {kind === "doctor" ? t("addDoctor") : t("addClinic")}
      </Button>
    </form>
  );
}
