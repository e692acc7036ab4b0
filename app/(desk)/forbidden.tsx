import { ForbiddenNotice } from "@/components/desk/forbidden-notice";

/** Inside the desk shell, so staff keep their navigation. */
export default function DeskForbidden() {
  return <ForbiddenNotice />;
}
