"use client";

import { memo, useEffect } from "react";
import { useFormState, useWatch, type FieldPath, type UseFormReturn } from "react-hook-form";
import { useTranslations } from "use-intl";
import { BLOOD_GROUPS, DESIGNATIONS, GENDERS, todayInIndia } from "@/lib/schemas/patient-fields";
import { ageOn, ageText, dobFromAge, formatIsoDate, readAge, readDob, typeAge, type AgeField } from "@/lib/schemas/patient-age";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input, Select } from "@/components/ui/field";
import { useErrorText } from "./error-text";
import { ExtrasEditor } from "./extras-editor";
import { FormField } from "./form-field";
import { suggestionFor, type RegistrationValues } from "./registration-values";
import { UhidStatus } from "./uhid-status";

const AGE_FIELDS: AgeField[] = ["ageYears", "ageMonths", "ageDays"];

const isSubmitButton = (el: EventTarget | null) => el instanceof HTMLButtonElement && el.type === "submit";

/**
 * Every profile and directory field of a patient, shared by registration and editing, on one
 * react-hook-form form. The date of birth and the age are two views of one date (see
 * lib/schemas/patient-age.ts); the salutation follows gender and age until chosen by hand.
 */
export const PatientFormFields = memo(function PatientFormFields({
  form,
  autoFocus = true,
  ownUhid,
  serverExtrasError,
}: {
  form: UseFormReturn<RegistrationValues>;
  autoFocus?: boolean;
  /** The UHID the patient being edited already has (not a clash with itself). */
  ownUhid?: string | null;
  /** A problem the server found in the extras (a catalogue key). */
  serverExtrasError?: string;
}) {
  const t = useTranslations("patients");
  const errorText = useErrorText();
  const { setValue, getValues, control } = form;
  // Leaving a field for the submit button is not "done with this field": its check waits for the submit,
  // so a message appearing on blur cannot push the button away from under the pointer.
  const register: typeof form.register = (name, options) => {
    const field = form.register(name, options);
    return {
      ...field,
      onBlur: (event) => (isSubmitButton((event as { relatedTarget?: EventTarget | null }).relatedTarget ?? null) ? Promise.resolve() : field.onBlur(event)),
    };
  };
  // The fields render again when their errors change (their own subscription), not whenever the form
  // around them does: react-hook-form re-renders the form once as it mounts ("isReady") and at every
  // keystroke in a field the duplicate search watches, which redrew all ~90 components of these fields.
  const { errors } = useFormState({ control });
  const error = (field: FieldPath<RegistrationValues>) => errorText(errors[field as keyof typeof errors]?.message as string | undefined);

  const [gender, dob, designation, designationAuto, dobIsFromAge, uhid, countryCode, extras] = useWatch({
    control,
    name: ["gender", "dob", "designation", "designationAuto", "dobFromAge", "uhid", "countryCode", "extras"],
  });
  const suggestion = suggestionFor({ gender, dob });

  // An automatic salutation always follows the suggestion, so a value typed on the way ("5 days" → Baby.) never sticks.
  useEffect(() => {
    if (designationAuto && designation !== (suggestion ?? "")) setValue("designation", suggestion ?? "", { shouldDirty: true });
  }, [designationAuto, designation, suggestion, setValue]);

  /** Re-check a field another field just changed, once it has been checked before (blurred or submitted). */
  // Read when a field changes, so the form's state of that moment (not of the last render) decides.
  const recheck = (field: FieldPath<RegistrationValues>) => form.formState.isSubmitted || form.getFieldState(field).isTouched;

  function onDobChange(text: string) {
    const today = todayInIndia();
    const reading = readDob(text, today);
    // The age boxes show the date's age, or nothing while the date is not (yet) a valid one.
    const ages = reading.state === "ok" ? ageText(ageOn(reading.iso, today)) : { ageYears: "", ageMonths: "", ageDays: "" };
    setValue("dobFromAge", false, { shouldDirty: true });
    for (const f of AGE_FIELDS) setValue(f, ages[f], { shouldDirty: true, shouldValidate: recheck(f) });
  }

  function onAgeChange(field: AgeField, text: string) {
    const today = todayInIndia();
    const current = getValues();
    const next = typeAge({ ageYears: current.ageYears, ageMonths: current.ageMonths, ageDays: current.ageDays }, field, text);
    for (const f of AGE_FIELDS) setValue(f, next[f], { shouldDirty: true, shouldValidate: f !== field && recheck(f) });
    const age = readAge(next);
    const nextDob = age.state === "ok" ? formatIsoDate(dobFromAge(age.age, today)) : "";
    setValue("dob", nextDob, { shouldDirty: true, shouldValidate: recheck("dob") });
    setValue("dobFromAge", age.state === "ok", { shouldDirty: true });
  }

  const dobField = register("dob", { onChange: (e: { target: { value: string } }) => onDobChange(e.target.value) });
  const designationField = register("designation", {
    // Choosing by hand stops the automatic salutation; choosing "Choose…" hands it back.
    onChange: (e: { target: { value: string } }) => setValue("designationAuto", e.target.value === "", { shouldDirty: true }),
  });

  const text = (field: FieldPath<RegistrationValues>) => ({ ...register(field), invalid: !!error(field), "data-field": field });
  const ageError = AGE_FIELDS.map((f) => error(f)).find(Boolean);
  const designationHint = designationAuto
    ? suggestion
      ? t("register.salutationAuto")
      : undefined
    : suggestion && suggestion !== designation
      ? t("register.suggested", { designation: suggestion })
      : undefined;

  return (
    <>
      {/* Columns follow the card's own width, not the window's: beside the duplicates panel a wide window
          leaves the form too narrow for four selects ("Choose…" and "Unknown" were cut off at 1280 px). */}
      <Card className="@container p-5">
        <h2 className="text-base font-semibold text-ink">{t("register.sectionPerson")}</h2>
        <div className="mt-4 grid gap-4 @lg:grid-cols-2 @3xl:grid-cols-4">
          <FormField id="patient-firstName" label={t("fields.firstName")} required error={error("firstName")}>
            {(p) => <Input {...p} autoFocus={autoFocus} autoComplete="off" {...text("firstName")} />}
          </FormField>
          <FormField id="patient-middleName" label={t("fields.middleName")} error={error("middleName")}>
            {(p) => <Input {...p} autoComplete="off" {...text("middleName")} />}
          </FormField>
          <FormField id="patient-lastName" label={t("fields.lastName")} error={error("lastName")}>
            {(p) => <Input {...p} autoComplete="off" {...text("lastName")} />}
          </FormField>

          <FormField id="patient-gender" label={t("fields.gender")} required error={error("gender")}>
            {(p) => (
              <Select {...p} data-field="gender" {...register("gender")} className={error("gender") ? "h-10 border-danger" : "h-10"}>
                <option value="">{t("register.chooseSalutation")}</option>
                {GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {t(`gender.${g}`)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id="patient-dob" label={t("fields.dob")} required hint={dobIsFromAge ? t("register.fromAge") : t("register.dobHint")} error={error("dob")}>
            {(p) => <Input {...p} data-field="dob" inputMode="numeric" placeholder="DD/MM/YYYY" autoComplete="off" {...dobField} invalid={!!error("dob")} />}
          </FormField>
          <fieldset className="min-w-0 @3xl:col-span-2" aria-describedby={["patient-age-hint", ageError ? "patient-age-error" : null].filter(Boolean).join(" ")}>
            <legend className="block text-sm font-medium text-ink">{t("fields.age")}</legend>
            <div className="mt-1.5 grid grid-cols-3 gap-2">
              {AGE_FIELDS.map((part) => {
                const field = register(part, { onChange: (e: { target: { value: string } }) => onAgeChange(part, e.target.value) });
                return (
                  <div key={part}>
                    <label htmlFor={`patient-${part}`} className="sr-only">
                      {t(`fields.${part}`)}
                    </label>
                    {/* The unit sits inside the box where the box has room for it beside three digits, and under it where it has not. */}
                    <div className="@container relative">
                      <Input
                        id={`patient-${part}`}
                        data-field={part}
                        inputMode="numeric"
                        autoComplete="off"
                        {...field}
                        invalid={!!error(part)}
                        aria-describedby={error(part) ? "patient-age-error" : undefined}
                        className="pr-14 @max-[6.5rem]:pr-3"
                      />
                      <span
                        aria-hidden
                        className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs text-ink-faint @max-[6.5rem]:static @max-[6.5rem]:mt-1 @max-[6.5rem]:block @max-[6.5rem]:translate-y-0"
                      >
                        {t(`fields.${part}`)}
                      </span>
                    </div>
                  </div>
                );
              })}
            </div>
            <p id="patient-age-hint" className="mt-1 text-xs text-ink-muted">
              {t("register.ageHint")}
            </p>
            {ageError ? (
              <p id="patient-age-error" className="mt-1.5 text-sm text-danger-soft-ink">
                {ageError}
              </p>
            ) : null}
          </fieldset>
          <FormField id="patient-designation" label={t("fields.designation")} hint={designationHint} error={error("designation")}>
            {(p) => (
              <div className="flex items-center gap-2">
                <Select {...p} data-field="designation" {...designationField} className="h-10">
                  <option value="">{t("register.chooseSalutation")}</option>
                  {DESIGNATIONS.map((d) => (
                    <option key={d} value={d}>
                      {d}
                    </option>
                  ))}
                </Select>
                {!designationAuto && suggestion && suggestion !== designation ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="shrink-0"
                    onClick={() => {
                      setValue("designationAuto", true, { shouldDirty: true });
                      setValue("designation", suggestion, { shouldDirty: true });
                    }}
                  >
                    {t("register.useSuggestion", { designation: suggestion })}
                  </Button>
                ) : null}
              </div>
            )}
          </FormField>
          <FormField id="patient-bloodGroup" label={t("fields.bloodGroup")} error={error("bloodGroup")}>
            {(p) => (
              <Select {...p} data-field="bloodGroup" {...register("bloodGroup")} className="h-10">
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
          <FormField id="patient-mobile" label={t("fields.mobile")} hint={countryCode.trim() === "+91" ? t("register.mobileHint") : undefined} error={error("mobile")}>
            {(p) => (
              <div className="flex gap-2">
                <label htmlFor="patient-countryCode" className="sr-only">
                  {t("fields.countryCode")}
                </label>
                <div className="w-20 shrink-0">
                  <Input id="patient-countryCode" inputMode="tel" autoComplete="off" {...register("countryCode")} />
                </div>
                <Input {...p} type="tel" inputMode="tel" autoComplete="off" {...text("mobile")} />
              </div>
            )}
          </FormField>
          <FormField id="patient-email" label={t("fields.email")} error={error("email")}>
            {(p) => <Input {...p} type="email" autoComplete="off" {...text("email")} />}
          </FormField>
          <FormField id="patient-uhid" label={t("fields.uhid")} hint={t("register.uhidHint")} error={error("uhid")}>
            {(p) => (
              <>
                <Input {...p} autoComplete="off" spellCheck={false} {...text("uhid")} />
                <UhidStatus uhid={uhid} ownUhid={ownUhid} fieldHasError={!!error("uhid")} />
              </>
            )}
          </FormField>
          <FormField id="patient-abha" label={t("fields.abha")} hint={t("register.abhaHint")} error={error("abha")}>
            {(p) => <Input {...p} autoComplete="off" spellCheck={false} {...text("abha")} />}
          </FormField>
          <FormField id="patient-abha-number" label={t("fields.abhaNumber")} hint={t("register.abhaNumberHint")} error={error("abhaNumber")}>
            {(p) => <Input {...p} inputMode="numeric" autoComplete="off" spellCheck={false} {...text("abhaNumber")} />}
          </FormField>
        </div>
      </Card>

      <Card className="p-5">
        <h2 className="text-base font-semibold text-ink">{t("register.sectionAddress")}</h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <FormField id="patient-line1" label={t("fields.line1")} error={error("line1")} className="sm:col-span-2">
            {(p) => <Input {...p} autoComplete="off" {...text("line1")} />}
          </FormField>
          <FormField id="patient-line2" label={t("fields.line2")} error={error("line2")} className="sm:col-span-2">
            {(p) => <Input {...p} autoComplete="off" {...text("line2")} />}
          </FormField>
          <FormField id="patient-city" label={t("fields.city")} error={error("city")}>
            {(p) => <Input {...p} autoComplete="off" {...text("city")} />}
          </FormField>
          <FormField id="patient-state" label={t("fields.state")} error={error("state")}>
            {(p) => <Input {...p} autoComplete="off" {...text("state")} />}
          </FormField>
          <FormField id="patient-pin" label={t("fields.pin")} hint={t("register.pinHint")} error={error("pin")}>
            {(p) => <Input {...p} inputMode="numeric" maxLength={6} autoComplete="off" {...text("pin")} />}
          </FormField>
          <FormField id="patient-country" label={t("fields.country")} error={error("country")}>
            {(p) => <Input {...p} autoComplete="off" {...text("country")} />}
          </FormField>
        </div>
      </Card>

      <Card className="p-5">
        <h2 className="text-base font-semibold text-ink">{t("register.sectionExtras")}</h2>
        <ExtrasEditor
          rows={extras}
          onChange={(rows) => setValue("extras", rows, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
          serverErrors={serverExtrasError ? { extras: serverExtrasError } : {}}
        />
      </Card>
    </>
  );
});
