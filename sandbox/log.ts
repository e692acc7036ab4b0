export type LogLevel = "info" | "warn" | "error";
export type Logger = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

/** One JSON line per event on stderr, so logs stay greppable and never mix with answers. */
export const jsonLineLogger: Logger = (level, message, fields = {}) => {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, source: "sandbox", message, ...fields })}\n`);
};

export const silentLogger: Logger = () => {};
