/** ABHA QR payloads in the two shapes ABDM documents, for the unit tests and the browser journeys. */
/** The ABHA card's code, as ABDM's integration guide shows it (masked digits filled in). */
export const CARD_QR = JSON.stringify({
  hidn: "15-3638-0684-6247",
  hid: "kiranma@abdm",
  name: "Kiran Mandyam Anandampillai",
  gender: "M",
  statelgd: "29",
  distlgd: "-",
  dob: "7/9/1978",
  "state name": "Karnataka",
  district_name: "Bengaluru",
  mobile: "9845122364",
  address: "C/O father name # door no, as from the KYC document",
});
/** The ABHA (PHR) app's code: phr in place of hid, no ABHA number linked, the year of birth alone, no mobile. */
export const APP_QR = JSON.stringify({ hidn: "-", phr: "kiranma@sbx", name: "KIRAN ANANDAMPILLAI", gender: "M", statelgd: "4", distlgd: "44", dob: "1978", address: "As declared by the user" });
