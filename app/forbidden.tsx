import { MAIN_CONTENT_ID } from "@/components/layout/skip-link";
import { ForbiddenNotice } from "@/components/desk/forbidden-notice";

export default function Forbidden() {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="focus:outline-none">
      <ForbiddenNotice />
    </main>
  );
}
