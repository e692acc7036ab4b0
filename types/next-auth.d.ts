import type { Role } from "@/lib/schemas/staff";

declare module "next-auth" {
  interface Session {
    user: { id: string; name: string; email: string; role: Role };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    role?: string;
    /** The staff_sessions row this cookie belongs to. */
    sid?: string;
  }
}
