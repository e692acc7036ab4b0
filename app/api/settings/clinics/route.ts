import { DirectoryEntryInput, DirectoryEntryKey } from "@/lib/schemas/clinic-directory";
import { NotFoundError } from "@/lib/server/errors";
import { readClinicDirectory, removeDirectoryEntry, saveDirectoryEntry } from "@/lib/server/slots/clinic-directory";
import { withStaff } from "@/lib/server/with-staff";

export const GET = withStaff({ feature: "settings" }, async ({ db }) => Response.json(await readClinicDirectory(db), { headers: { "cache-control": "no-store" } }));

export const PUT = withStaff({ feature: "settings", body: DirectoryEntryInput }, async ({ db, body, audit }) => {
  const saved = await saveDirectoryEntry(db, body);
  await audit({ action: "save", resource: "directory_entry", resourceId: `${saved.kind}:${saved.platformId}`, outcome: "ok", detail: { displayName: saved.displayName } });
  return Response.json(saved);
});

export const DELETE = withStaff({ feature: "settings", query: DirectoryEntryKey }, async ({ db, query, audit }) => {
  if (!(await removeDirectoryEntry(db, query.kind, query.platformId))) throw new NotFoundError("This entry is no longer in the directory.");
  await audit({ action: "delete", resource: "directory_entry", resourceId: `${query.kind}:${query.platformId}`, outcome: "ok" });
  return new Response(null, { status: 204 });
});
