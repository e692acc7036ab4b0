import { ForbiddenNotice } from "@/components/desk/forbidden-notice";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

/** Inside the desk shell, so staff keep their navigation. No feature's words: the marker that the page has hydrated. */
export default function DeskForbidden() {
  return (
    <FeatureMessages features={[]}>
      <ForbiddenNotice />
    </FeatureMessages>
  );
}
