"use client";

import { useEffect, useRef, type Dispatch, type SetStateAction } from "react";
import { useTranslations } from "use-intl";
import { BLOOD_GROUPS, DESIGNATIONS, GENDERS, todayInIndia, type Gender } from "@/lib/schemas/patient-fields";
import { ageOn, dobFromAge, formatIsoDate, parseIndianDate, suggestDesignation } from "@/lib/schemas/patient-age";
import { Card } from "@/components/ui/card";
import { Input, Select } from "@/components/ui/field";
import { ExtrasEditor } from "./extras-editor";
import { FormField } from "./form-field";
import type { FieldErrors, RegistrationValues } from "./registration-values";
import { UhidStatus } from "./uhid-status";

const withoutKey = (errors: FieldErrors, key: string): FieldErrors => Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key));

/**
 * Every profile and directory field of a patient, shared by registration and editing: date of
 * birth and age fill each other, and the salutation is suggested from gender and age.
 */
export function PatientFormFields({
  values,
  setValues,
  errors,
  setErrors,
  autoFocus = true,
  ownUhid,
}: {
  values: RegistrationValues;
  setValues: Dispatch<SetStateAction<RegistrationValues>>;
  errors: FieldErrors;
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
  autoFocus?: boolean;
  /** The UHID the patient being edited already has (not a clash with itself). */
  ownUhid?: string | null;
}) {
  const t = useTranslations("patients");
  const set = <K extends keyof RegistrationValues>(field: K, value: RegistrationValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field as string]) setErrors((e) => withoutKey(e, field as string));
  };

  const dobIso = parseIndianDate(values.dob);
  const age = dobIso && dobIso <= todayInIndia() ? ageOn(dobIso, todayInIndia()) : null;
  const suggestion = suggestDesignation((values.gender || undefined) as Gender | undefined, age);

  function onDobChange(text: string) {
    const iso = parseIndianDate(text);
    setValues((v) => {
      const next = { ...v, dob: text, dobFromAge: false };
      if (iso && iso <= todayInIndia()) {
        const a = ageOn(iso, todayInIndia());
        return { ...next, ageYears: String(a.years), ageMonths: String(a.months), ageDays: String(a.days) };
      }
      return next;
    });
    setErrors((e) => withoutKey(e, "dob"));
  }

  function onAgeChange(part: "ageYears" | "ageMonths" | "ageDays", text: string) {
    const clean = text.replace(/\D/g, "").slice(0, 3);
    setValues((v) => {
      const next = { ...v, [part]: clean };
      const years = Number(next.ageYears || 0);
      const months = Number(next.ageMonths || 0);
      const days = Number(next.ageDays || 0);
      if (!next.ageYears && !next.ageMonths && !next.ageDays) return { ...next, dob: "", dobFromAge: false };
      if (years > 130 || months > 11 || days > 31) return next;
      return { ...next, dob: formatIsoDate(dobFromAge({ years, months, days }, todayInIndia())), dobFromAge: true };
    });
    setErrors((e) => withoutKey(e, "dob"));
  }

  // A suggested salutation fills an empty choice; it never replaces one the receptionist made.
  const lastSuggestion = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (suggestion && (values.designation === "" || values.designation === lastSuggestion.current) && values.designation !== suggestion) {
      setValues((v) => ({ ...v, designation: suggestion }));
    }
    lastSuggestion.current = suggestion;
  }, [suggestion, values.designation, setValues]);

  const input = (field: keyof RegistrationValues) => ({
    value: values[field] as string,
    invalid: !!errors[field],
    "data-field": field,
    onChange: (e: { target: { value: string } }) => set(field, e.target.value as never),
  });

  return (
    <>
        <Card className="p-5">
          <h2 className="text-base font-semibold text-ink">{t("register.sectionPerson")}</h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <FormField id="patient-firstName" label={t("fields.firstName")} required error={errors.firstName}>
              {(p) => <Input {...p} autoFocus={autoFocus} autoComplete="off" {...input("firstName")} />}
            </FormField>
            <FormField id="patient-middleName" label={t("fields.middleName")} error={errors.middleName}>
              {(p) => <Input {...p} autoComplete="off" {...input("middleName")} />}
            </FormField>
            <FormField id="patient-lastName" label={t("fields.lastName")} error={errors.lastName}>
              {(p) => <Input {...p} autoComplete="off" {...input("lastName")} />}
            </FormField>

            <FormField
              id="patient-gender"
              label={t("fields.gender")}
              required
              error={errors.gender}
            >
              {(p) => (
                <Select {...p} data-field="gender" value={values.gender} onChange={(e) => set("gender", e.target.value)} className={errors.gender ? "h-10 border-danger" : "h-10"}>
                  <option value="">{t("register.chooseSalutation")}</option>
                  {GENDERS.map((g) => (
                    <option key={g} value={g}>
                      {t(`gender.${g}`)}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField id="patient-dob" label={t("fields.dob")} required hint={values.dobFromAge ? t("register.fromAge") : t("register.dobHint")} error={errors.dob}>
              {(p) => (
                <Input
                  {...p}
                  data-field="dob"
                  inputMode="numeric"
                  placeholder="DD/MM/YYYY"
                  autoComplete="off"
                  value={values.dob}
                  invalid={!!errors.dob}
                  onChange={(e) => onDobChange(e.target.value)}
                />
              )}
            </FormField>
            <fieldset className="min-w-0 sm:col-span-1 lg:col-span-2" aria-describedby="patient-age-hint">
              <legend className="block text-sm font-medium text-ink">{t("fields.age")}</legend>
              <div className="mt-1.5 grid grid-cols-3 gap-2">
                {(["ageYears", "ageMonths", "ageDays"] as const).map((part) => (
                  <div key={part}>
                    <label htmlFor={`patient-${part}`} className="sr-only">
                      {t(`fields.${part}`)}
                    </label>
                    <div className="relative">
                      <Input
                        id={`patient-${part}`}
                        inputMode="numeric"
                        autoComplete="off"
                        value={values[part]}
                        onChange={(e) => onAgeChange(part, e.target.value)}
                        className="pr-14"
                      />
                      <span aria-hidden className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs text-ink-faint">
                        {t(`fields.${part}`)}
                      </span>
                    </div>
                  </div>
                ))}
              </div>
              <p id="patient-age-hint" className="mt-1 text-xs text-ink-muted">
                {t("register.ageHint")}
              </p>
            </fieldset>
            <FormField
              id="patient-designation"
              label={t("fields.designation")}
              hint={suggestion ? t("register.suggested", { designation: suggestion }) : undefined}
              error={errors.designation}
            >
              {(p) => (
                <Select {...p} data-field="designation" value={values.designation} onChange={(e) => set("designation", e.target.value)} className="h-10">
                  <option value="">{t("register.chooseSalutation")}</option>
                  {DESIGNATIONS.map((d) => (
                    <option key={d} value={d}>
                      {d}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField id="patient-bloodGroup" label={t("fields.bloodGroup")} error={errors.bloodGroup}>
              {(p) => (
                <Select {...p} data-field="bloodGroup" value={values.bloodGroup} onChange={(e) => set("bloodGroup", e.target.value)} className="h-10">
                  <option value="">{t("register.chooseBloodGroup")}</option>
                  {BLOOD_GROUPS.map((g) => (
                    <option key={g} value={g}>
                      {g}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          </div>
        </Card>

        <Card className="p-5">
          <h2 className="text-base font-semibold text-ink">{t("register.sectionContact")}</h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <FormField id="patient-mobile" label={t("fields.mobile")} hint={values.countryCode.trim() === "+91" ? t("register.mobileHint") : undefined} error={errors.mobile}>
              {(p) => (
                <div className="flex gap-2">
                  <label htmlFor="patient-countryCode" className="sr-only">
                    {t("fields.countryCode")}
                  </label>
                  <div className="w-20 shrink-0">
                    <Input id="patient-countryCode" inputMode="tel" autoComplete="off" value={values.countryCode} onChange={(e) => set("countryCode", e.target.value)} />
                  </div>
                  <Input {...p} type="tel" inputMode="tel" autoComplete="off" {...input("mobile")} />
                </div>
              )}
            </FormField>
            <FormField id="patient-email" label={t("fields.email")} error={errors.email}>
              {(p) => <Input {...p} type="email" autoComplete="off" {...input("email")} />}
            </FormField>
            <FormField id="patient-uhid" label={t("fields.uhid")} hint={t("register.uhidHint")} error={errors.uhid}>
              {(p) => (
                <>
                  <Input {...p} autoComplete="off" spellCheck={false} {...input("uhid")} />
                  <UhidStatus uhid={values.uhid} ownUhid={ownUhid} />
                </>
              )}
            </FormField>
            <FormField id="patient-abha" label={t("fields.abha")} hint={t("register.abhaHint")} error={errors.abha}>
              {(p) => <Input {...p} autoComplete="off" spellCheck={false} {...input("abha")} />}
            </FormField>
          </div>
        </Card>

        <Card className="p-5">
          <h2 className="text-base font-semibold text-ink">{t("register.sectionAddress")}</h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <FormField id="patient-line1" label={t("fields.line1")} error={errors.line1} className="sm:col-span-2">
              {(p) => <Input {...p} autoComplete="off" {...input("line1")} />}
            </FormField>
            <FormField id="patient-line2" label={t("fields.line2")} error={errors.line2} className="sm:col-span-2">
              {(p) => <Input {...p} autoComplete="off" {...input("line2")} />}
            </FormField>
            <FormField id="patient-city" label={t("fields.city")} error={errors.city}>
              {(p) => <Input {...p} autoComplete="off" {...input("city")} />}
            </FormField>
            <FormField id="patient-state" label={t("fields.state")} error={errors.state}>
              {(p) => <Input {...p} autoComplete="off" {...input("state")} />}
            </FormField>
            <FormField id="patient-pin" label={t("fields.pin")} hint={t("register.pinHint")} error={errors.pin}>
              {(p) => <Input {...p} inputMode="numeric" maxLength={6} autoComplete="off" {...input("pin")} />}
            </FormField>
            <FormField id="patient-country" label={t("fields.country")} error={errors.country}>
              {(p) => <Input {...p} autoComplete="off" {...input("country")} />}
            </FormField>
          </div>
        </Card>

        <Card className="p-5">
          <h2 className="text-base font-semibold text-ink">{t("register.sectionExtras")}</h2>
          <ExtrasEditor rows={values.extras} onChange={(rows) => set("extras", rows)} serverErrors={errors} />
        </Card>

    </>
  );
}
