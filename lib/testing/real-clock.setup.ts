// Vitest setup, run before each test file: files share loaded modules, so a clock one file pinned
// must not carry over into the next.
import { afterAll } from "vitest";
import { setClock } from "../clock";

setClock(null);
afterAll(() => setClock(null));
