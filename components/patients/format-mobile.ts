/** "+919812345678" → "+91 98123 45678", the way Indian numbers are read aloud; others stay as stored. */
export function formatMobile(e164: string): string {
  const m = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return m ? `+91 ${m[1]} ${m[2]}` : e164;
}
