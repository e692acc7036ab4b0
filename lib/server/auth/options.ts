import "server-only";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { Role, SignInInput } from "@/lib/schemas/staff";
import { db } from "../db";
import { services } from "../services";
import { recordAudit } from "../audit";
import { clientAddress } from "../request-info";
import { checkSignIn } from "./sign-in";
import { endStaffSessions, resolveSession, startSession } from "./staff-sessions";
import { log } from "../log";
import { deskRedirect } from "../auth-input";
import { platformDemo } from "../platform-demo";

/** next-auth's own cookie name for the session token, secure-prefixed on https. */
export const sessionCookieName = (options: Pick<AuthOptions, "useSecureCookies">) => `${options.useSecureCookies ? "__Secure-" : ""}next-auth.session-token`;

/** Cookies are marked Secure (and the session cookie's name prefixed) when the desk is served over https. */
const secureCookies = (config: { appUrl: string }) => config.appUrl.startsWith("https://");

/**
 * What reading a session cookie needs on every request: its name and the secret. next-auth's whole
 * options (providers, callbacks) are built only where next-auth itself runs.
 */
export function sessionCookie(): { name: string; secret: string } {
  const config = env();
  return { name: sessionCookieName({ useSecureCookies: secureCookies(config) }), secret: config.authSecret };
}

/** next-auth's session route read a cookie whose session has ended: it then answers as signed out and clears the cookie. */
export class SessionEndedError extends Error {
  constructor() {
    super("This session has ended (signed out, deactivated, role changed or expired).");
    this.name = "SessionEndedError";
  }
}

/** The error code a throttled sign-in answers with; the form reads the wait from it. */
export const RATE_LIMITED = "RateLimited";

export function authOptions(): AuthOptions {
  const config = env();
  // A clinic shift by default; the session row also ends it after SESSION_IDLE_MINUTES without use.
  const sessionSeconds = Math.round(config.sessions.maxHours * 3600);
  return {
    secret: config.authSecret,
    session: { strategy: "jwt", maxAge: sessionSeconds },
    jwt: { maxAge: sessionSeconds },
    useSecureCookies: secureCookies(config),
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
          const outcome = await checkSignIn({ db: store, demoAccounts: Boolean(platformDemo()), throttle: config.signInThrottle }, { email, password, ip });
          if (!outcome.ok) {
            // A throttled attempt costs nothing and is not written down, so hammering cannot fill the audit log.
            if (outcome.reason === "throttled") throw new Error(`${RATE_LIMITED}:${outcome.retryAfterSeconds}`);
            await recordAudit(store, { action: "sign-in", resource: "session", outcome: "denied", ip, detail: { email, reason: outcome.reason } });
            return null;
          }
          const { staff } = outcome;
          const sid = await startSession(store, staff.id, ip);
          await recordAudit(store, { staffId: staff.id, action: "sign-in", resource: "session", outcome: "ok", ip });
          const identity = { id: staff.id, email: staff.email, name: staff.name, role: staff.role };
          // Platform tokens now, so the first lookup is quick; if the platform is down, they are fetched on first use.
          const { platform } = await services();
          await platform.tokens.signIn(identity).catch((err) => log().warn({ staffId: staff.id, reason: (err as Error).message }, "platform sign-in deferred"));
          return { ...identity, sid };
        },
      }),
    ],
    // A read-back of an ended session is the everyday signed-out case, not an error of the sign-in service.
    logger: {
      error(code, metadata) {
        if (metadata instanceof SessionEndedError) return log().info({ code }, "next-auth session read after the session ended");
        log().error({ code, err: metadata }, "next-auth error");
      },
    },
    callbacks: {
      redirect: deskRedirect,
      async jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.role = (user as { role?: string }).role;
          token.sid = (user as { sid?: string }).sid;
          return token;
        }
        // Read back (next-auth's /api/auth/session): the session row decides, as for every desk route.
        if (!(await resolveSession(await db(), token, config.sessions))) throw new SessionEndedError();
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
    events: {
      // Signing out ends every session of this staff member, on every instance, not just this cookie.
      async signOut({ token }) {
        if (!token?.sub) return;
        const store = await db();
        const ended = await endStaffSessions(store, token.sub);
        await recordAudit(store, { staffId: token.sub, action: "sign-out", resource: "session", outcome: "ok", detail: { sessionsEnded: ended } });
      },
    },
  };
}
