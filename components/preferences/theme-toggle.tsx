import { getTranslator } from "@/lib/i18n/server";
import { ThemeToggleControl } from "./theme-toggle-control";

/** The theme switch with its words from the server (see language-switch.tsx). */
export async function ThemeToggle({ className }: { className?: string }) {
  const t = await getTranslator("theme");
  return <ThemeToggleControl className={className} labels={{ label: t("label"), light: t("light"), dark: t("dark"), system: t("system") }} />;
}
