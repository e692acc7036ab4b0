import { PrescriptionRequest } from "@/lib/schemas/drugs";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const POST = withStaff({ action: "drugs.read", body: PrescriptionRequest }, async ({ body, platform, req }) => {
  return Response.json(await platform.drugs.readPrescription(body.text, req.signal));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
