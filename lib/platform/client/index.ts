/**
 * The platform client's facade: the only module of lib/platform/client the desk imports.
 * Everything behind it (HTTP, tokens, JWE, the reshaping of the platform's field names) stays inside.
 */
import "server-only";

export { createPlatform, type Platform, type StaffPlatform } from "./client";
export type { PlatformHttp } from "./http";
export { pathTemplate } from "./http";
export type { PatientsApi } from "./patients";
export { assertPlatformAccepts, fieldErrorFromPlatform } from "./patient-refusals";
export type { StaffIdentity } from "./token-store";
export { DoctorNotAtClinicError } from "./slots";
export { cutText, readPlatformEvent, toDeskEvent } from "./events";
export { drugCandidate, drugsApi } from "./drugs";
export { abdmGatewaySettings, demoCapability, platformMode } from "./demo";
export type { AbdmConfig, DemoApi, DemoPractice, DemoSettings } from "./demo";
export type { WebhookSubscription } from "./webhooks";
