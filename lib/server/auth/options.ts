import "server-only";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { Role, SignInInput } from "@/lib/schemas/staff";
import { db } from "../db";
import { services } from "../services";
import { recordAudit } from "../audit";
import { clientAddress } from "../request-info";
import { findStaffByEmail } from "./staff-repo";
import { decoyHash, verifyPassword } from "./password";
import { attemptKeys, isSignInBlocked, recordSignInAttempt } from "./rate-limit";

/** A clinic shift; after it the desk asks for the password again. */
const SESSION_SECONDS = 10 * 60 * 60;

/** next-auth's own cookie name for the session token, secure-prefixed on https. */
export const sessionCookieName = (options: AuthOptions) => `${options.useSecureCookies ? "__Secure-" : ""}next-auth.session-token`;

export function authOptions(): AuthOptions {
  const config = env();
  return {
    secret: config.authSecret,
    session: { strategy: "jwt", maxAge: SESSION_SECONDS },
    jwt: { maxAge: SESSION_SECONDS },
    useSecureCookies: config.appUrl.startsWith("https://"),
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Staff e-mail and password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const parsed = SignInInput.safeParse(credentials ?? {});
          if (!parsed.success) return null;
          const { email, password } = parsed.data;
          const store = await db();
          const ip = clientAddress(req?.headers ?? {});
          const keys = attemptKeys(email, ip);
          if (await isSignInBlocked(store, keys, config.signIn)) {
            await recordAudit(store, { action: "sign-in", resource: "session", outcome: "denied", ip, detail: { email, reason: "rate-limited" } });
            throw new Error("RateLimited");
          }
          const staff = await findStaffByEmail(store, email);
          const ok = await verifyPassword(password, staff?.passwordHash ?? (await decoyHash()));
          if (!staff || !staff.active || !ok) {
            await recordSignInAttempt(store, keys, false);
            await recordAudit(store, { staffId: staff?.id, action: "sign-in", resource: "session", outcome: "denied", ip, detail: { email } });
            return null;
          }
          await recordSignInAttempt(store, keys, true);
          await recordAudit(store, { staffId: staff.id, action: "sign-in", resource: "session", outcome: "ok", ip });
          const identity = { id: staff.id, email: staff.email, name: staff.name, role: staff.role };
          // Platform tokens now, so the first lookup is quick; if the platform is down, they are fetched on first use.
          const { platform } = await services();
          await platform.tokens.signIn(identity).catch((err) => console.warn(`platform sign-in deferred for ${staff.id}: ${(err as Error).message}`));
          return identity;
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.role = (user as { role?: string }).role;
        }
        return token;
      },
      session({ session, token }) {
        const role = Role.safeParse(token.role);
        session.user = {
          id: token.sub ?? "",
          name: token.name ?? "",
          email: token.email ?? "",
          role: (role.success ? role.data : "") as Role,
        };
        return session;
      },
    },
  };
}
