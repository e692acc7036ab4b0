import { ToWords } from "to-words";

/**
 * An amount in words as a receipt prints it, in the Indian system (lakh, crore): rupees and paise
 * are each a whole number given to the library, so no fraction is ever rounded.
 */
const english = new ToWords({ localeCode: "en-IN" });
const hindi = new ToWords({ localeCode: "hi-IN" });

export function amountInWords(paise: number, language: "en" | "hi"): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`not a non-negative whole number of paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (language === "en") {
    const r = `Rupees ${english.convert(rupees)}`;
    return `${r}${rest ? ` and ${english.convert(rest)} Paise` : ""} Only`;
  }
  const r = `${hindi.convert(rupees)} रुपये`;
  return `${r}${rest ? ` और ${hindi.convert(rest)} पैसे` : ""} मात्र`;
}
