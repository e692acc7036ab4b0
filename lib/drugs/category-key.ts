/** The message key of an NLEM section's name: "Analgesics, antipyretics, NSAIDs" → "analgesics-antipyretics-nsaids". */
export const categoryKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
