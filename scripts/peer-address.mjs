// Preloaded into the app's server process (node --import): every request's peer address is
// written into a header the app trusts, replacing whatever the client sent under that name.
import http from "node:http";

const HEADER = "x-clinic-peer-address";
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, ...rest) {
  if (event === "request" && req && req.headers) {
    req.headers[HEADER] = (req.socket && req.socket.remoteAddress) || "";
  }
  return emit.call(this, event, req, ...rest);
};
globalThis.__clinicPeerAddress = true;
