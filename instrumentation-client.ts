import { z } from "zod";

// The pages' CSP forbids eval. zod probes for it with `Function("")` when its first object schema is
// built (a reported violation, though it falls back), so before any page code loads it is told to
// parse without compiled fast paths.
z.config({ jitless: true });
