// Preloaded by `npm run cluster` into each app instance: every answer names the instance that gave
// it (x-instance), so the cluster journey can prove its requests were spread. The id comes in this
// module's own URL (…/instance-header.mjs?instance=2), keeping process.env to lib/env.ts.
import http from "node:http";

const instance = new URL(import.meta.url).searchParams.get("instance");
if (instance) {
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, res, ...rest) {
    if (event === "request" && res && typeof res.setHeader === "function") res.setHeader("x-instance", instance);
    return emit.call(this, event, req, res, ...rest);
  };
}
