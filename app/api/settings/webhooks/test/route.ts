import { DOCTOR_JOINED } from "@/lib/platform/wire/webhook-names";
import { ConflictError } from "@/lib/server/errors";
import { services } from "@/lib/server/services";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

/** Sandbox mode: simulates a doctor joining a video consultation, delivered through the real webhook path. */
export const POST = withStaff({ action: "settings.write" }, async ({ audit }) => {
  const { demo } = (await services()).platform;
  if (!demo) throw new ConflictError("Test events can only be raised by the sandbox platform; the real platform sends its own.");
  const sent = await demo.emitEvent(DOCTOR_JOINED);
  await audit({ action: "test-event", resource: "webhook-subscription", outcome: "ok", detail: sent });
  return Response.json(sent, { status: 202 });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
