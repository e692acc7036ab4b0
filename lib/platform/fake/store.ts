import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, unlink } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "./log";

const FILE_NAME = "sandbox-state.json";
const FORMAT_VERSION = 1;
// Many mutations in one burst (a login touches three records) become one write.
const COALESCE_MS = 20;

type Records = Record<string, unknown>;
interface StateFile {
  version: number;
  collections: Record<string, Records>;
}

/** A named set of JSON records keyed by id; every change schedules a save. */
export class Collection<T> {
  constructor(
    private readonly records: Records,
    private readonly changed: () => void,
  ) {}

  get(id: string): T | undefined {
    return Object.hasOwn(this.records, id) ? (this.records[id] as T) : undefined;
  }
  has(id: string): boolean {
    return Object.hasOwn(this.records, id);
  }
  set(id: string, value: T): T {
    this.records[id] = value;
    this.changed();
    return value;
  }
  /** Applies a change to an existing record; returns undefined when there is none. */
  update(id: string, change: (current: T) => T): T | undefined {
    const current = this.get(id);
    if (current === undefined) return undefined;
    return this.set(id, change(current));
  }
  delete(id: string): boolean {
    if (!this.has(id)) return false;
    delete this.records[id];
    this.changed();
    return true;
  }
  /** Deletes every record the predicate picks, with one save. */
  deleteWhere(pick: (value: T, id: string) => boolean): number {
    let n = 0;
    for (const [id, v] of Object.entries(this.records)) {
      if (pick(v as T, id)) {
        delete this.records[id];
        n++;
      }
    }
    if (n) this.changed();
    return n;
  }
  entries(): [string, T][] {
    return Object.entries(this.records) as [string, T][];
  }
  values(): T[] {
    return Object.values(this.records) as T[];
  }
  get size(): number {
    return Object.keys(this.records).length;
  }
}

/**
 * The sandbox's whole state in one JSON file under dataDir, replaced atomically
 * (write a temp file, fsync, rename) so a crash never leaves half a file.
 */
export class Store {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private dirty = false;
  private closed = false;
  private failure: unknown;
  private readonly collections = new Map<string, Collection<unknown>>();

  private constructor(
    readonly file: string,
    private readonly state: StateFile,
    private readonly log: Logger,
  ) {}

  static async open(dataDir: string, log: Logger): Promise<Store> {
    await mkdir(dataDir, { recursive: true });
    const file = path.join(path.resolve(dataDir), FILE_NAME);
    return new Store(file, await readState(file, log), log);
  }

  collection<T>(name: string): Collection<T> {
    let c = this.collections.get(name);
    if (!c) {
      const records = (this.state.collections[name] ??= {});
      c = new Collection<unknown>(records, () => this.scheduleSave());
      this.collections.set(name, c);
    }
    return c as Collection<T>;
  }

  /** A value generated once and kept for the life of the data directory (e.g. a signing secret). */
  persistentSecret(name: string, bytes = 32): string {
    const meta = this.collection<string>("meta");
    return meta.get(name) ?? meta.set(name, randomBytes(bytes).toString("base64url"));
  }

  /** Writes pending changes now and waits until they are on disk. */
  async flush(): Promise<void> {
    for (;;) {
      // A write that ends while we wait schedules the next one when changes came in meanwhile: that
      // timer is taken over here too, or it would fire after close (into a removed directory).
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
        this.dirty = true;
      }
      if (!this.writing && !this.dirty) return;
      if (!this.writing) this.startWrite();
      await this.writing;
      if (this.failure !== undefined) {
        const err = this.failure;
        this.failure = undefined;
        throw err;
      }
    }
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  private scheduleSave(delayMs = COALESCE_MS) {
    if (this.closed) {
      this.log("warn", "store changed after close; change is kept in memory only");
      return;
    }
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      if (!this.writing) this.startWrite();
    }, delayMs);
  }

  private startWrite() {
    this.dirty = false;
    const text = JSON.stringify(this.state);
    this.writing = writeAtomically(this.file, text)
      .then(() => {
        this.failure = undefined;
      })
      .catch((err: unknown) => {
        this.dirty = true;
        this.failure = err;
        this.log("error", "could not save sandbox state", { file: this.file, error: String(err) });
      })
      .finally(() => {
        this.writing = undefined;
        // Changes made while writing are saved by one more write; after a failure, retry slowly.
        if (this.dirty && !this.timer && !this.closed) this.scheduleSave(this.failure === undefined ? COALESCE_MS : 1000);
      });
  }
}

async function readState(file: string, log: Logger): Promise<StateFile> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { version: FORMAT_VERSION, collections: {} };
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as StateFile;
    if (parsed.version !== FORMAT_VERSION || typeof parsed.collections !== "object" || parsed.collections === null) {
      throw new Error(`unexpected format version ${String(parsed.version)}`);
    }
    return parsed;
  } catch (err) {
    // A damaged file is kept aside for inspection; the sandbox starts empty rather than refusing to run.
    const aside = `${file}.damaged-${Date.now()}`;
    await rename(file, aside);
    log("warn", "sandbox state file was unreadable and has been moved aside", { aside, error: String(err) });
    return { version: FORMAT_VERSION, collections: {} };
  }
}

async function writeAtomically(file: string, text: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const handle = await open(tmp, "w", 0o600);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => {});
    throw err;
  }
}
