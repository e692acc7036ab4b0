/** The print page of a visit's slip (80 mm thermal by default; A5 and the OPD card are a switch away). */
export const slipPath = (appointmentId: string, format: "thermal" | "a5" | "card" = "thermal") => `/print/visits/${encodeURIComponent(appointmentId)}/${format}`;
