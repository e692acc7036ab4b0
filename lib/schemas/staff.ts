import { z } from "zod";
import { storableText } from "./storable-text";

export const ROLES = ["receptionist", "doctor", "admin"] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const SignInInput = z.object({
  email: storableText().trim().toLowerCase().email("Enter the e-mail address you sign in with"),
  password: z.string().min(1, "Enter your password").max(200),
});
export type SignInInput = z.infer<typeof SignInInput>;

export const NewStaff = z.object({
  email: storableText().trim().toLowerCase().email("must be an e-mail address"),
  name: storableText().trim().min(2, "must be at least 2 characters").max(100),
  role: Role,
  password: z.string().min(12, "must be at least 12 characters").max(200),
});
export type NewStaff = z.infer<typeof NewStaff>;
