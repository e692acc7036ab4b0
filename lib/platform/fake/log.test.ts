import { describe, expect, it } from "vitest";
import { loggableRequestId, sandboxLogger } from "./log";

describe("sandbox log lines", () => {
  it("are JSON in the app's format, with credentials redacted", () => {
    const lines: Array<Record<string, unknown>> = [];
    const log = sandboxLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
    log("info", "request answered", { requestId: "req-0123456789", status: 200, token: "at-123", headers: { authorization: "Bearer x" } });
    expect(lines[0]).toMatchObject({ level: "info", source: "sandbox", msg: "request answered", requestId: "req-0123456789", token: "[redacted]", headers: { authorization: "[redacted]" } });
    expect(JSON.stringify(lines)).not.toContain("at-123");
  });

  it("name an incoming request id only when it is a short token", () => {
    expect(loggableRequestId("req-0123456789")).toBe("req-0123456789");
    expect(loggableRequestId("a b\nforged line")).toBeUndefined();
    expect(loggableRequestId(["req-0123456789", "x"])).toBeUndefined();
  });
});
