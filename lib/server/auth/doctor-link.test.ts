import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DoctorLinkInput } from "@/lib/schemas/staff-sessions";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { staff } from "../db/schema";
import { AppError } from "../errors";
import { rowRefusal, rowViewer } from "../row-owners";
import { saveDirectoryEntry } from "../slots/clinic-directory";
import { linkDoctor } from "./doctor-link";
import { listStaffSessions } from "./staff-session-admin";
import { addStaff } from "./staff-repo";
import { cheapPasswordHash } from "@/lib/testing/cheap-password-hash";

const SETTINGS = { idleMinutes: 60, maxHours: 10 };
const failure = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e as AppError);

describe("an admin links a doctor's staff account to a directory doctor", () => {
  let t: TestDatabase;
  let doctor: { id: string; role: "doctor"; name: string };
  let namesake: { id: string; role: "doctor"; name: string };
  let receptionistId: string;

  beforeAll(async () => {
    t = await pgliteTestDatabase();
    const db = t.database.db;
    await saveDirectoryEntry(db, { kind: "doctor", platformId: "dr-meera-iyer", displayName: "Dr. Meera Iyer", timeZone: null });
    await saveDirectoryEntry(db, { kind: "doctor", platformId: "dr-arjun-rao", displayName: "Dr. Arjun Rao", timeZone: null });
    const add = async (name: string, role: "doctor" | "receptionist") =>
      (await addStaff(db, { email: `${name.split(" ")[0]!.toLowerCase()}-${Math.random().toString(36).slice(2, 7)}@clinic.test`, name, role, password: "a long enough password" }, cheapPasswordHash)).id!;
    // Signs in as "Sameer K." while the directory says "Dr. Arjun Rao": no name matches.
    doctor = { id: await add("Sameer K.", "doctor"), role: "doctor", name: "Sameer K." };
    namesake = { id: await add("Meera Iyer", "doctor"), role: "doctor", name: "Meera Iyer" };
    receptionistId = await add("Asha Verma", "receptionist");
  }, 120_000);
  afterAll(async () => t?.dispose());

  const linkOf = async (id: string) => (await listStaffSessions(t.database.db, SETTINGS)).staff.find((s) => s.id === id)?.doctorLink;

  it("an unlinked doctor changes no appointment; once linked, exactly the linked doctor's", async () => {
    const db = t.database.db;
    expect(await linkOf(doctor.id)).toBeNull();
    expect(rowRefusal(await rowViewer(db, doctor), "queue.update", "dr-arjun-rao")?.reason).toBe("unlinked-doctor");

    const saved = await linkDoctor(db, doctor.id, DoctorLinkInput.parse({ platformDoctorId: "dr-arjun-rao" }));
    expect(saved).toEqual({ staffId: doctor.id, platformDoctorId: "dr-arjun-rao", previous: null });
    expect((await db.select({ p: staff.platformDoctorId }).from(staff).where(eq(staff.id, doctor.id)))[0]?.p).toBe("dr-arjun-rao");
    expect(await linkOf(doctor.id)).toEqual({ doctorId: "dr-arjun-rao", by: "record" });
    const viewer = await rowViewer(db, doctor);
    expect(rowRefusal(viewer, "queue.update", "dr-arjun-rao")).toBeNull();
    expect(rowRefusal(viewer, "queue.update", "dr-meera-iyer")?.reason).toBe("not-own-row");
  });

  it("a doctor matched by name shows as such, and a recorded link wins over the name", async () => {
    const db = t.database.db;
    expect(await linkOf(namesake.id)).toEqual({ doctorId: "dr-meera-iyer", by: "name" });
    await linkDoctor(db, doctor.id, { platformDoctorId: null });
    await linkDoctor(db, namesake.id, { platformDoctorId: "dr-arjun-rao" });
    expect(await linkOf(namesake.id)).toEqual({ doctorId: "dr-arjun-rao", by: "record" });
    expect(rowRefusal(await rowViewer(db, namesake), "queue.update", "dr-meera-iyer")?.reason).toBe("not-own-row");

    // Removing the link: the name counts again.
    expect(await linkDoctor(db, namesake.id, { platformDoctorId: null })).toMatchObject({ platformDoctorId: null, previous: "dr-arjun-rao" });
    expect(await linkOf(namesake.id)).toEqual({ doctorId: "dr-meera-iyer", by: "name" });
  });

  it("refuses a doctor not in the directory (naming the field), a taken doctor, a non-doctor account and an unknown id", async () => {
    const db = t.database.db;
    const unknown = await failure(linkDoctor(db, doctor.id, { platformDoctorId: "dr-nobody" }));
    expect(unknown).toMatchObject({ status: 400, extra: { errors: { platformDoctorId: expect.stringContaining("not in the clinic directory") } } });

    await linkDoctor(db, doctor.id, { platformDoctorId: "dr-arjun-rao" });
    const taken = await failure(linkDoctor(db, namesake.id, { platformDoctorId: "dr-arjun-rao" }));
    expect(taken).toMatchObject({ status: 409, extra: { code: "doctor_already_linked" } });
    expect(taken?.detail).toContain("Sameer K.");
    // Linking the same account to the same doctor again is no conflict.
    expect(await linkDoctor(db, doctor.id, { platformDoctorId: "dr-arjun-rao" })).toMatchObject({ previous: "dr-arjun-rao" });

    expect(await failure(linkDoctor(db, receptionistId, { platformDoctorId: "dr-meera-iyer" }))).toMatchObject({ status: 409, extra: { code: "not_a_doctor" } });
    expect(await failure(linkDoctor(db, "00000000-0000-4000-8000-00000000abcd", { platformDoctorId: "dr-meera-iyer" }))).toMatchObject({ status: 404 });
    expect((await db.select({ p: staff.platformDoctorId }).from(staff).where(eq(staff.id, namesake.id)))[0]?.p).toBeNull();
  });

  it("the input is a directory id or null, never free text of any shape", () => {
    expect(DoctorLinkInput.safeParse({ platformDoctorId: "" }).success).toBe(false);
    expect(DoctorLinkInput.safeParse({ platformDoctorId: "x".repeat(65) }).success).toBe(false);
    expect(DoctorLinkInput.safeParse({ platformDoctorId: "dr-arjun-rao", extra: 1 }).success).toBe(false);
    expect(DoctorLinkInput.safeParse({}).success).toBe(false);
    expect(DoctorLinkInput.parse({ platformDoctorId: null })).toEqual({ platformDoctorId: null });
  });
});
