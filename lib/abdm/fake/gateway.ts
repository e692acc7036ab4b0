import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { ABDM_HEADERS, OnShareRequest, SANDBOX_GATEWAY, SHARE_CALLBACK_PATH, type ShareRequest, type SharePatient } from "../wire/share";

/**
 * The ABDM gateway as the sandbox plays it: it signs its calls with its own RS256 key (published as
 * a JWKS, like the gateway's certs endpoint), calls the desk's share callback as if a patient had
 * scanned the facility QR at a counter, and keeps the desk's on-share answers for tests and demos.
 * Emulator code: it imports only the wire, never the desk.
 */
export const FAKE_GATEWAY_ISSUER = SANDBOX_GATEWAY.issuer;
export const FAKE_CM_ID = SANDBOX_GATEWAY.cmId;
export const FAKE_HIP_ID = SANDBOX_GATEWAY.hipId;

export const DEMO_SHARER: SharePatient = {
  abhaNumber: "91-1234-5678-9012",
  abhaAddress: "asha.verma@sbx",
  name: "Asha Verma",
  gender: "F",
  dayOfBirth: 14,
  monthOfBirth: 8,
  yearOfBirth: 1988,
  phoneNumber: "9812345678",
  address: { line: "12 MG Road", district: "Pune", state: "Maharashtra", pincode: "411001" },
};

export interface ScanOutcome {
  requestId: string;
  status: number;
  body: unknown;
}

export async function createFakeGateway(options: { now?: () => number; fetch?: typeof fetch } = {}) {
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = `sbx-${randomUUID().slice(0, 8)}`;
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const onShares: OnShareRequest[] = [];
  const onShareIds = new Set<string>();

  async function bearer(): Promise<string> {
    const iat = Math.floor(now() / 1000);
    return new SignJWT({ clientId: "gateway", realm_access: { roles: ["gateway"] } })
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .setIssuer(FAKE_GATEWAY_ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .sign(privateKey);
  }

  /** The request the gateway sends when a patient scans the facility QR at `counter`. */
  function shareRequest(counter: string, patient: SharePatient = DEMO_SHARER, hipId: string = FAKE_HIP_ID): ShareRequest {
    return { intent: "PROFILE_SHARE", metaData: { hipId, context: counter }, profile: { patient } };
  }

  /** The share call's headers as ABDM's v3 document lists them: a bearer JWT, REQUEST-ID, TIMESTAMP (ISO, UTC, milliseconds), X-HIP-ID (no X-CM-ID on this call). */
  async function headers(hipId: string = FAKE_HIP_ID, over: { requestId?: string; timestamp?: string; authorization?: string | null } = {}) {
    const h: Record<string, string> = {
      "content-type": "application/json",
      [ABDM_HEADERS.requestId]: over.requestId ?? randomUUID(),
      [ABDM_HEADERS.timestamp]: over.timestamp ?? new Date(now()).toISOString(),
      [ABDM_HEADERS.hipId]: hipId,
    };
    if (over.authorization !== null) h[ABDM_HEADERS.authorization] = over.authorization ?? `Bearer ${await bearer()}`;
    return h;
  }

  return {
    jwks: () => ({ keys: [jwk] }),
    bearer,
    headers,
    shareRequest,
    /** "A patient scans the facility QR at counter N": calls the desk's callback as the gateway would. */
    async scanAtCounter(deskUrl: string, counter: string, patient?: SharePatient, hipId: string = FAKE_HIP_ID): Promise<ScanOutcome> {
      const h = await headers(hipId);
      const res = await doFetch(new URL(SHARE_CALLBACK_PATH, deskUrl), {
        method: "POST",
        headers: h,
        body: JSON.stringify(shareRequest(counter, patient, hipId)),
        signal: AbortSignal.timeout(10_000),
      });
      return { requestId: h[ABDM_HEADERS.requestId]!, status: res.status, body: await res.json().catch(() => null) };
    },
    /** The desk's acknowledgement (`on-share`), as the gateway receives it: a REQUEST-ID already received is not kept twice. */
    receiveOnShare(body: unknown, requestId?: string | null): { ack: OnShareRequest; repeat: boolean } {
      const parsed = OnShareRequest.parse(body);
      if (requestId && onShareIds.has(requestId)) return { ack: parsed, repeat: true };
      if (requestId) onShareIds.add(requestId);
      onShares.push(parsed);
      return { ack: parsed, repeat: false };
    },
    onShares: () => [...onShares],
  };
}
export type FakeGateway = Awaited<ReturnType<typeof createFakeGateway>>;
