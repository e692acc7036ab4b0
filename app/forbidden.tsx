import { MAIN_CONTENT_ID } from "@/components/layout/skip-link";
import { DeskShell } from "@/components/layout/desk-shell";
import { ForbiddenNotice } from "@/components/desk/forbidden-notice";
import { featuresFor, homePathFor } from "@/lib/access";
import { getStaffSession } from "@/lib/server/auth/session";

/** Refused by the desk layout (HTTP 403): signed-in staff keep their navigation, as on a page's own refusal. */
export default async function Forbidden() {
  const staff = await getStaffSession();
  if (staff) {
    return (
      <DeskShell staff={{ name: staff.name, role: staff.role }} features={featuresFor(staff.role)} homePath={homePathFor(staff.role)}>
        <ForbiddenNotice />
      </DeskShell>
    );
  }
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="focus:outline-none">
      <ForbiddenNotice />
    </main>
  );
}
