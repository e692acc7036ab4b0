import { config } from "zod/v4/core";

// The pages' CSP forbids eval. zod probes for it with `Function("")` when its first object schema is
// built (a reported violation, though it falls back), so before any page code loads it is told to
// parse without compiled fast paths. Set through zod's core, which every zod API (classic and mini)
// shares: this file runs on every page, and importing `zod` here put the whole of it in every
// page's first download, pages that validate nothing in the browser included.
config({ jitless: true });
