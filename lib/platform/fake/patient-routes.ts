import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Authenticate, Principal } from "./authenticate";
import type { SandboxRoute, Services } from "./context";
import { controlRoute } from "./control-routes";
import { HttpError } from "./errors";
import { DirectoryUpdateRules, ProfileCreateRules, ProfileUpdateRules, type DirectoryFields } from "./patient-rules";

/** A stored profile: spec 2.1 fields (names, salutation and e-mail in lowercase) plus 2.2 bookkeeping. */
export interface StoredProfile {
  oid: string;
  bid: string;
  ps: string;
  c_ate: number;
  u_ate: number;
  fn: string;
  mn?: string;
  ln?: string;
  fln?: string;
  s?: string;
  dob: string;
  gen: string;
  is_age: boolean;
  bloodgroup?: string;
  mobile?: string;
  email?: string;
  username?: string;
  abha?: string;
  extras?: Record<string, unknown>;
}

export interface StoredDirectoryEntry extends DirectoryFields {
  patient_id: string;
  bid: string;
  updated_at: number;
}

const LOWERCASE_FIELDS = ["fn", "mn", "ln", "fln", "s", "email"] as const;

function lowercased<T extends Record<string, unknown>>(fields: T): T {
  const out: Record<string, unknown> = { ...fields };
  for (const key of LOWERCASE_FIELDS) if (typeof out[key] === "string") out[key] = (out[key] as string).toLowerCase();
  return out as T;
}

const workspaceOf = (p: Principal) => (p.kind === "token" ? p.clientId : p.agentId);
const withoutUndefined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** A directory address part sent empty is cleared. */
const withoutEmpty = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== "")) as T;

function parseOr400<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.length ? issue.path.join(".") : "body";
  throw new HttpError(400, "invalid_request", `${field}: ${issue.message}`);
}

/** Spec 2.2: the stored profile as the platform answers it (bloodgroup is reported as bg). */
function emrUser(p: StoredProfile) {
  const { bloodgroup, ...rest } = p;
  return withoutUndefined({ ...rest, bg: bloodgroup });
}

/** Patient profile API (spec 4.4–4.6) and directory update (spec 4.7). */
export function patientRoutes(s: Services, authenticate: Authenticate): SandboxRoute[] {
  const profiles = s.store.collection<StoredProfile>("patientProfiles");
  const directory = s.store.collection<StoredDirectoryEntry>("directoryPatients");

  function usernameTaken(bid: string, username: string, exceptOid?: string) {
    const wanted = username.toLowerCase();
    return profiles.values().some((p) => p.bid === bid && p.oid !== exceptOid && p.username?.toLowerCase() === wanted);
  }
  const duplicateUsername = (username: string) =>
    new HttpError(409, "duplicate_username", `username “${username}” is already used by another patient in this workspace`);

  function readJson(raw: Buffer): unknown {
    if (raw.length === 0) throw new HttpError(400, "invalid_request", "Request body is required");
    try {
      return JSON.parse(raw.toString("utf8"));
    } catch {
      throw new HttpError(400, "invalid_request", "Request body is not valid JSON");
    }
  }

  function profileInWorkspace(oid: string, bid: string): StoredProfile {
    const p = profiles.get(oid);
    if (!p || p.bid !== bid) throw new HttpError(404, "profile_not_found", "Not found");
    return p;
  }

  return [
    {
      method: "POST",
      pattern: "/profiles/v1/patient",
      name: "profiles.create",
      family: "profiles",
      handler: async (ctx) => {
        const bid = workspaceOf(await authenticate(ctx, { scheme: "bearer", requireClientId: true }));
        const body = lowercased(parseOr400(ProfileCreateRules, readJson(ctx.rawBody)));
        if (body.username && usernameTaken(bid, body.username)) throw duplicateUsername(body.username);
        const now = s.now();
        const oid = randomUUID().replaceAll("-", "");
        profiles.set(oid, { ...withoutUndefined(body), fn: body.fn, dob: body.dob, gen: body.gen, oid, bid, ps: "active", is_age: false, c_ate: now, u_ate: now });
        return { body: { oid } };
      },
    },
    {
      method: "PATCH",
      pattern: "/profiles/v1/patient/:oid",
      name: "profiles.update",
      family: "profiles",
      handler: async (ctx) => {
        const bid = workspaceOf(await authenticate(ctx, { scheme: "bearer", requireClientId: true }));
        const current = profileInWorkspace(ctx.params.oid!, bid);
        const body = lowercased(parseOr400(ProfileUpdateRules, readJson(ctx.rawBody)));
        if (body.username && usernameTaken(bid, body.username, current.oid)) throw duplicateUsername(body.username);
        // An empty string clears the field.
        const next: Record<string, unknown> = { ...current, ...withoutUndefined(body), u_ate: Math.max(s.now(), current.u_ate + 1) };
        for (const [key, value] of Object.entries(body)) if (value === "" && key !== "fn") delete next[key];
        profiles.set(current.oid, next as unknown as StoredProfile);
        return { body: { message: "Profile updated successfully" } };
      },
    },
    {
      method: "GET",
      pattern: "/profiles/v1/emr-user/:oid",
      name: "profiles.get",
      family: "profiles",
      handler: async (ctx) => {
        const bid = workspaceOf(await authenticate(ctx, { scheme: "bearer", requireClientId: true }));
        return { body: emrUser(profileInWorkspace(ctx.params.oid!, bid)) };
      },
    },
    {
      method: "PATCH",
      pattern: "/dr/v1/patient/:patientId",
      name: "directory.updatePatient",
      family: "dr",
      query: ["partner_id"],
      handler: async (ctx) => {
        const bid = workspaceOf(await authenticate(ctx, { scheme: "business" }));
        const partnerId = ctx.url.searchParams.get("partner_id");
        if (partnerId === null || partnerId.trim() === "") throw new HttpError(400, "invalid_request", "partner_id query parameter is required");
        const id = ctx.params.patientId!;
        // partner_id=1: the path holds the partner-side id (the profile's username); otherwise the platform id.
        const profile =
          partnerId === "1"
            ? profiles.values().find((p) => p.bid === bid && p.username?.toLowerCase() === id.toLowerCase())
            : profiles.get(id)?.bid === bid
              ? profiles.get(id)
              : undefined;
        if (!profile) throw new HttpError(404, "patient_not_found", `No patient ${partnerId === "1" ? "with partner id" : "with id"} ${id}`);
        const body = parseOr400(DirectoryUpdateRules, readJson(ctx.rawBody));
        const current = directory.get(profile.oid);
        directory.set(profile.oid, {
          ...current,
          ...withoutUndefined(body),
          ...(body.address ? { address: withoutEmpty({ ...current?.address, ...withoutUndefined(body.address) }) } : {}),
          patient_id: profile.oid,
          bid,
          updated_at: s.now(),
        });
        return { body: { patient_id: profile.oid } };
      },
    },
  ];
}

/** Lets tests and the fault bench count the profiles the platform really holds (there is no listing in the spec). */
export function patientControlRoutes(s: Services): SandboxRoute[] {
  const profiles = s.store.collection<StoredProfile>("patientProfiles");
  return [
    controlRoute("GET", "patients", "patients.list", () => ({
      body: { patients: profiles.values().map((p) => ({ oid: p.oid, bid: p.bid, username: p.username ?? null, fn: p.fn, ln: p.ln ?? null, dob: p.dob, c_ate: p.c_ate })) },
    })),
  ];
}
