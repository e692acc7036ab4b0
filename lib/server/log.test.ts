import { describe, expect, it } from "vitest";
import { answeredRequestLine, createLogger, type AnsweredRequest } from "./log";
import { answerRequest } from "./request-context";

/** A logger writing into an array, one parsed JSON object per line. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({ level: "info", destination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  return { logger, lines };
}

describe("app log lines", () => {
  it("redact tokens, keys, passwords, cookies, authorization headers and patient names, at any of three levels", () => {
    const { logger, lines } = capturedLogger();
    logger.warn(
      {
        token: "eyJhbGciOi.secret.token",
        password: "correct horse battery",
        patient: { name: "Asha Verma", fn: "Asha", fln: "Verma", id: "p-42" },
        req: { headers: { authorization: "Bearer abc.def.ghi", cookie: "next-auth.session-token=xyz", "set-cookie": "a=b" } },
        platform: { tokens: { accessToken: "at-123", refresh_token: "rt-456" }, clientSecret: "s3cret", key: "k3y-f0r-t3sting!" },
      },
      "something to look at",
    );
    const text = JSON.stringify(lines);
    for (const secret of ["eyJhbGciOi", "correct horse", "Asha", "Verma", "Bearer", "session-token", "a=b", "at-123", "rt-456", "s3cret", "k3y-f0r"]) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ level: "warn", source: "app", msg: "something to look at", patient: { name: "[redacted]", id: "p-42" } });
  });

  it("name the instance that wrote them when it has a name (npm run cluster's 1, 2, 3…), the answered-request lines too", () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger({ level: "info", instance: "2", destination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
    logger.warn("stopping");
    answeredRequestLine(logger)({ method: "GET", action: "drugs.read", status: 200, ms: 3 });
    expect(lines.map((l) => [l.msg, l.source, l.instance])).toEqual([
      ["stopping", "app", "2"],
      ["request answered", "app", "2"],
    ]);
    expect(capturedLogger().logger.bindings()).toEqual({ source: "app" });
  });

  it("carry the id of the request being answered, and none outside a request", async () => {
    const { logger, lines } = capturedLogger();
    logger.info("at start");
    const res = await answerRequest(new Request("http://localhost/api/x", { headers: { "x-request-id": "req-0123456789" } }), "GET test", async () => {
      await Promise.resolve();
      logger.info("inside");
      return new Response(null, { status: 204 });
    });
    expect(res.headers.get("x-request-id")).toBe("req-0123456789");
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([
      ["at start", undefined],
      ["inside", "req-0123456789"],
    ]);
  });

  it("write the answered-request line with its four fields only, under the request's id", async () => {
    const { logger, lines } = capturedLogger();
    const line = answeredRequestLine(logger);
    await answerRequest(new Request("http://localhost/api/drugs", { headers: { "x-request-id": "req-0123456789" } }), "GET drugs.read", async () => {
      // A caller that slipped more in (past the type) must not get it written: the line is not redacted.
      line({ method: "GET", action: "drugs.read", status: 200, ms: 4, token: "at-123", name: "Asha Verma" } as AnsweredRequest);
      return new Response(null, { status: 204 });
    });
    expect(lines[0]).toMatchObject({ level: "info", source: "app", requestId: "req-0123456789", method: "GET", action: "drugs.read", status: 200, ms: 4, msg: "request answered" });
    expect(Object.keys(lines[0]!).sort()).toEqual(["action", "level", "method", "ms", "msg", "requestId", "source", "status", "time"]);
    expect(JSON.stringify(lines)).not.toContain("Asha");
  });
});
