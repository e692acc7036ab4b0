import "server-only";
import { installedWiring } from "@/lib/installed-wiring";
import { getStaffSession, type StaffSession } from "./auth/session";
import { recordAudit } from "./audit";
import { carriesDisplayCookie, displayFromRequest } from "./displays/display-session";
import { rowDoctor, rowViewer } from "./row-owners";

/**
 * What withStaff and withDisplay ask before a route's own work: who the request comes from (a staff
 * session, a paired display), where a denial is audited, and whose row it acts on. The real ones
 * read the request's cookies and the database; a test that checks the wrappers and every route's
 * permissions installs its own in their place (lib/installed-wiring.ts), so nothing past the check
 * needs a database.
 */
export interface RouteWiring {
  staffSession: (req: Request) => Promise<StaffSession | null>;
  displayFromRequest: typeof displayFromRequest;
  carriesDisplayCookie: typeof carriesDisplayCookie;
  recordAudit: typeof recordAudit;
  rowDoctor: typeof rowDoctor;
  rowViewer: typeof rowViewer;
}

const REAL: RouteWiring = { staffSession: getStaffSession, displayFromRequest, carriesDisplayCookie, recordAudit, rowDoctor, rowViewer };

/** The real wiring, or in a test the parts it installed over it. */
export function routeWiring(): RouteWiring {
  const installed = installedWiring()?.routes;
  return installed ? { ...REAL, ...installed } : REAL;
}
