import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalJWKSet, generateKeyPair, SignJWT } from "jose";
import { eq } from "drizzle-orm";
import { createFakeGateway, DEMO_SHARER, FAKE_GATEWAY_ISSUER, FAKE_HIP_ID, type FakeGateway } from "@/lib/abdm/fake/gateway";
import { SHARE_CALLBACK_PATH } from "@/lib/abdm/wire/share";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import { abdmShareRequests, abdmShares, auditLog } from "../db/schema";
import type { Db } from "../db/connect";
import { receiveShare, type ShareDesk } from "./share-callback";
import { issueShareVisit, listShares } from "./shares";
import { directoryEntries, staff } from "../db/schema";
import { rememberPatient } from "../patients/patient-index";
import { createQueueHub } from "../queue/queue-hub";
import { DEFAULT_PRIORITY_MARKS } from "@/lib/queue/priority-marks";
import { refusal } from "@/lib/testing/refusal";

const databases = await bothDatabases();
/** 27/11/2026, 10:30 in India. */
const MORNING = Date.parse("2026-11-27T10:30:00+05:30");
const DESK = "http://desk.test";

for (const d of databases) {
  describe.skipIf(!d.available)(`the ABDM share callback on ${d.kind}`, () => {
    let t: TestDatabase;
    let db: Db;
    let gateway: FakeGateway;
    let desk: ShareDesk;
    let now = MORNING;
    const shared: string[] = [];

    beforeAll(async () => {
      t = await d.open();
      db = t.database.db;
      gateway = await createFakeGateway({ now: () => now });
      desk = { db, keys: createLocalJWKSet(gateway.jwks()), issuer: FAKE_GATEWAY_ISSUER, hipId: FAKE_HIP_ID, counters: { "1": "cl-opd", "2": "cl-opd" }, timeZone: "Asia/Kolkata", onShared: (s) => shared.push(s.clinicId) };
    });
    afterAll(async () => t.dispose());

    const call = async (over: Parameters<FakeGateway["headers"]>[1] = {}, body: unknown = gateway.shareRequest("1")) =>
      new Request(new URL(SHARE_CALLBACK_PATH, DESK), { method: "POST", headers: await gateway.headers(FAKE_HIP_ID, over), body: JSON.stringify(body) });

    it("a signed share is stored and answered with a share token valid 30 minutes; the list hears of it", async () => {
      now = MORNING;
      const out = await receiveShare(desk, await call({ requestId: "req-signed-1" }), null, now);
      expect(out).toMatchObject({ status: 202, created: true });
      expect(out.acknowledgement).toEqual({
        acknowledgement: { status: "SUCCESS", abhaAddress: "asha.verma@sbx", profile: { context: "1", tokenNumber: "S-001", expiry: 1800 } },
        response: { requestId: "req-signed-1" },
      });
      const [row] = await db.select().from(abdmShares).where(eq(abdmShares.firstRequestId, "req-signed-1"));
      expect(row).toMatchObject({ abhaAddress: "asha.verma@sbx", abhaNumber: DEMO_SHARER.abhaNumber, counter: "1", clinicId: "cl-opd", day: "2026-11-27", tokenNumber: "S-001", handledAt: null });
      expect(row!.expiresAt.getTime() - row!.sharedAt.getTime()).toBe(30 * 60_000);
      expect(row!.profile.name).toBe("Asha Verma");
      expect(shared).toEqual(["cl-opd"]);
    });

    it("the same patient sharing again within 30 minutes (another request id, another counter) gets the same token; after it, a new one", async () => {
      now = MORNING + 10 * 60_000;
      const again = await receiveShare(desk, await call({ requestId: "req-repeat-1" }, gateway.shareRequest("2")), null, now);
      expect(again).toMatchObject({ created: false, acknowledgement: { acknowledgement: { profile: { tokenNumber: "S-001" } }, response: { requestId: "req-repeat-1" } } });
      const other = await receiveShare(desk, await call({ requestId: "req-other-1" }, gateway.shareRequest("1", { ...DEMO_SHARER, abhaAddress: "ravi.k@sbx", name: "Ravi K" })), null, now);
      expect(other.acknowledgement.acknowledgement.profile?.tokenNumber).toBe("S-002");
      now = MORNING + 31 * 60_000;
      const later = await receiveShare(desk, await call({ requestId: "req-later-1" }), null, now);
      expect(later).toMatchObject({ created: true, acknowledgement: { acknowledgement: { profile: { tokenNumber: "S-003" } } } });
      expect(await db.select().from(abdmShares).where(eq(abdmShares.abhaAddress, "asha.verma@sbx"))).toHaveLength(2);
    });

    it("refuses unsigned, wrongly signed, replayed and stale calls, stores nothing for them, and audits each refusal", async () => {
      now = MORNING + 40 * 60_000;
      const before = await db.select().from(abdmShares);
      expect(await refusal(receiveShare(desk, await call({ authorization: null }), null, now))).toMatchObject({ status: 401, extra: { code: "unsigned" } });
      const { privateKey } = await generateKeyPair("RS256");
      const forged = await new SignJWT({}).setProtectedHeader({ alg: "RS256", kid: "forged" }).setIssuer(FAKE_GATEWAY_ISSUER).setIssuedAt().setExpirationTime("10m").sign(privateKey);
      expect(await refusal(receiveShare(desk, await call({ authorization: `Bearer ${forged}` }), null, now))).toMatchObject({ status: 401, extra: { code: "bad_signature" } });
      // Replayed: the very same REQUEST-ID as the first share.
      expect(await refusal(receiveShare(desk, await call({ requestId: "req-signed-1" }), null, now))).toMatchObject({ status: 409, extra: { code: "replayed" } });
      // Stale: signed now, but its TIMESTAMP is six minutes old.
      const stale = new Date(now - 6 * 60_000).toISOString();
      expect(await refusal(receiveShare(desk, await call({ requestId: "req-stale-1", timestamp: stale }), null, now))).toMatchObject({ status: 400, extra: { code: "stale" } });
      // A stale call did not burn its request id.
      expect(await db.select().from(abdmShareRequests).where(eq(abdmShareRequests.requestId, "req-stale-1"))).toEqual([]);
      expect(await db.select().from(abdmShares)).toHaveLength(before.length);
      const denied = await db.select().from(auditLog).where(eq(auditLog.action, "abdm.share"));
      expect(denied.filter((a) => a.outcome === "denied").map((a) => (a.detail as { code: string }).code)).toEqual(expect.arrayContaining(["unsigned", "bad_signature", "replayed", "stale"]));
    });

    it("takes a call shaped as ABDM's v3 document has it: numbers for latitude and longitude, dates as text, null for absent fields, genders D and T", async () => {
      now = MORNING + 42 * 60_000;
      const body = {
        intent: "PROFILE_SHARE",
        metaData: { hipId: FAKE_HIP_ID, context: "1", hprId: null, latitude: 20.5937, longitude: 78.9629 },
        profile: {
          patient: {
            abhaNumber: null,
            abhaAddress: "v3.shape@sbx",
            name: "Vinod Shape",
            gender: "T",
            dayOfBirth: "11",
            monthOfBirth: "6",
            yearOfBirth: "1997",
            address: { line: "4 Station Road", district: "Pune", state: "Maharashtra", pincode: null },
            phoneNumber: "9876543210",
          },
        },
      };
      const out = await receiveShare(desk, await call({ requestId: "req-v3-shape-1" }, body), null, now);
      expect(out.status).toBe(202);
      const [row] = await db.select().from(abdmShares).where(eq(abdmShares.firstRequestId, "req-v3-shape-1"));
      expect(row).toMatchObject({ abhaAddress: "v3.shape@sbx", abhaNumber: null });
      expect(row!.profile).toMatchObject({ gender: "O", dayOfBirth: 11, monthOfBirth: 6, yearOfBirth: 1997, address: { line: "4 Station Road", district: "Pune" } });
      const d = await receiveShare(desk, await call({ requestId: "req-v3-shape-2" }, { ...body, profile: { patient: { ...body.profile.patient, abhaAddress: "v3.d@sbx", gender: "D" } } }), null, now);
      expect(d.status).toBe(202);
      const [undisclosed] = await db.select().from(abdmShares).where(eq(abdmShares.firstRequestId, "req-v3-shape-2"));
      expect(undisclosed!.profile.gender).toBe("U");
      // Still refused: a latitude that is not a number, and an intent other than a profile share.
      expect(await refusal(receiveShare(desk, await call({ requestId: "req-v3-bad-1" }, { ...body, metaData: { ...body.metaData, latitude: "<b>" } }), null, now))).toMatchObject({ status: 400 });
      expect(await refusal(receiveShare(desk, await call({ requestId: "req-v3-bad-2" }, { ...body, intent: "RECORD_SHARE" }), null, now))).toMatchObject({ status: 400 });
    });

    it("refuses another facility and a hostile profile with field errors", async () => {
      now = MORNING + 45 * 60_000;
      const other = await refusal(receiveShare(desk, await call({ requestId: "req-hip-1" }, gateway.shareRequest("1", DEMO_SHARER, "IN-OTHER")), null, now));
      expect(other).toMatchObject({ status: 400, extra: { errors: { "metaData.hipId": expect.any(String) } } });
      const hostile = await refusal(receiveShare(desk, await call({ requestId: "req-hostile-1" }, gateway.shareRequest("1", { ...DEMO_SHARER, name: "<script>x</script>" })), null, now));
      expect(hostile.status).toBe(400);
      const bad = await refusal(receiveShare(desk, await call({ requestId: "req-addr-1" }, gateway.shareRequest("1", { ...DEMO_SHARER, abhaAddress: "x@gmail.com" })), null, now));
      expect(bad).toMatchObject({ extra: { errors: { "profile.patient.abhaAddress": expect.any(String) } } });
    });

    it("the receptionists' list shows today's live shares; the one action finds the patient by ABHA and issues the OPD token (register first when unknown)", async () => {
      now = MORNING + 50 * 60_000;
      const hub = createQueueHub({ db });
      const [desk1] = await db.insert(staff).values({ email: `share-${d.kind}@clinic.test`, name: "Asha Desk", role: "receptionist", passwordHash: "x" }).returning({ id: staff.id });
      await db.insert(directoryEntries).values([{ kind: "clinic", platformId: "cl-opd", displayName: "OPD", timeZone: "Asia/Kolkata" }, { kind: "doctor", platformId: "dr-share", displayName: "Dr Share" }]).onConflictDoNothing();
      const config = { tokenFormat: "A-{n:3}", priorityMarks: DEFAULT_PRIORITY_MARKS, skipReturnAfter: 2 };
      const out = await receiveShare(desk, await call({ requestId: "req-list-1" }, gateway.shareRequest("1", { ...DEMO_SHARER, abhaAddress: "meera.n@sbx", abhaNumber: "91-2222-3333-4444", name: "Meera N" })), null, now);
      const listed = await listShares(db, { clinicId: "cl-opd", day: "2026-11-27" }, now);
      const meera = listed.find((s) => s.abhaAddress === "meera.n@sbx")!;
      expect(meera).toMatchObject({ counter: "1", tokenNumber: out.acknowledgement.acknowledgement.profile!.tokenNumber, name: "Meera N", patientId: null, visitToken: null });
      // Asha's share of 10:30 has expired and is off the list; her new one of 11:01 is on it.
      expect(listed.filter((s) => s.abhaAddress === "asha.verma@sbx").map((s) => s.tokenNumber)).toEqual(["S-003"]);
      expect(JSON.parse(meera.cardPayload)).toMatchObject({ hidn: "91-2222-3333-4444", hid: "meera.n@sbx", name: "Meera N", dob: "14/8/1988" });
      const unknown = await refusal(issueShareVisit(db, hub, { shareId: meera.id, doctorId: "dr-share", key: "share-key-000001", staffId: desk1!.id }, config, now));
      expect(unknown).toMatchObject({ status: 409, extra: { code: "register_first" } });
      // Registered (the registration form keeps the ABHA number on the index): found by the number.
      await rememberPatient(db, { id: "pt-meera", salutation: null, firstName: "Meera", middleName: null, lastName: "N", gender: "F", dob: "1988-08-14", mobile: "+919812345678", uhid: "UH-M1", abhaNumber: "91-2222-3333-4444" });
      expect((await listShares(db, { clinicId: "cl-opd", day: "2026-11-27" }, now)).find((s) => s.id === meera.id)?.patientId).toBe("pt-meera");
      const visit = await issueShareVisit(db, hub, { shareId: meera.id, doctorId: "dr-share", key: "share-key-000002", staffId: desk1!.id }, config, now);
      expect(visit.entry).toMatchObject({ patientId: "pt-meera", doctorId: "dr-share", status: "checked_in", tokenLabel: "A-001" });
      const again = await issueShareVisit(db, hub, { shareId: meera.id, doctorId: "dr-share", key: "share-key-000002", staffId: desk1!.id }, config, now);
      expect(again).toMatchObject({ replayed: true, entry: { tokenLabel: "A-001" } });
      // Turned into a visit, it stays on the list with its OPD token, even after its 30 minutes.
      const after = await listShares(db, { clinicId: "cl-opd", day: "2026-11-27" }, now + 40 * 60_000);
      expect(after.find((s) => s.id === meera.id)).toMatchObject({ patientId: "pt-meera", visitToken: "A-001" });
      await hub.close();
    });
  });
}
