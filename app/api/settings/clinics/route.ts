import { DirectoryEntryInput, DirectoryEntryKey } from "@/lib/schemas/clinic-directory";
import { NotFoundError } from "@/lib/server/errors";
import { readClinicDirectory, removeDirectoryEntry, saveDirectoryEntry } from "@/lib/server/slots/clinic-directory";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "settings.read" }, async ({ db, platform }) => Response.json(await readClinicDirectory(db, { prefill: platform.demo }), { headers: { "cache-control": "no-store" } }));

export const PUT = withStaff({ action: "settings.write", body: DirectoryEntryInput }, async ({ db, body, audit }) => {
  const saved = await saveDirectoryEntry(db, body);
  await audit({ action: "save", resource: "directory_entry", resourceId: `${saved.kind}:${saved.platformId}`, outcome: "ok", detail: { displayName: saved.displayName } });
  return Response.json(saved);
});

export const DELETE = withStaff({ action: "settings.write", query: DirectoryEntryKey }, async ({ db, query, audit }) => {
  if (!(await removeDirectoryEntry(db, query.kind, query.platformId))) throw new NotFoundError("This entry is no longer in the directory.");
  await audit({ action: "delete", resource: "directory_entry", resourceId: `${query.kind}:${query.platformId}`, outcome: "ok" });
  return new Response(null, { status: 204 });
});

export const { POST, PATCH, OPTIONS } = otherMethods("GET", "PUT", "DELETE");
