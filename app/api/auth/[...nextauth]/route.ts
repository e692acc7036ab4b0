import NextAuth from "next-auth";
import { authOptions } from "@/lib/server/auth/options";
import { guardAuthRoute } from "@/lib/server/auth-route-guard";
import { otherMethods } from "@/lib/server/route-methods";

const handler = guardAuthRoute((req, ctx) => NextAuth(req as never, ctx as never, authOptions()));

export { handler as GET, handler as POST };

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
