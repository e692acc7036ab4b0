import "server-only";
import { env } from "@/lib/env";
import { abdmGateway, type AbdmGateway } from "@/lib/abdm/client/gateway";
import { abdmGatewaySettings } from "@/lib/platform/client";
import { processSingleton } from "../process-singleton";

const slot = processSingleton("__clinicAbdmGatewaySlot", () => ({ gateway: undefined as AbdmGateway | undefined, made: false }));

/** This instance's gateway client, or undefined when Scan & Share is not configured (the decision is the platform client's). */
export function gateway(): AbdmGateway | undefined {
  if (!slot.made) {
    const s = abdmGatewaySettings(env().platform, env().abdm);
    slot.gateway = s ? abdmGateway(s) : undefined;
    slot.made = true;
  }
  return slot.gateway;
}

/** Tests: the gateway this process uses (undefined: read the configuration again). */
export function useGatewayForTests(g: AbdmGateway | undefined): void {
  slot.gateway = g;
  slot.made = g !== undefined;
}
