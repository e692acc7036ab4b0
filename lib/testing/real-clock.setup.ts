// Vitest setup, run before each test file: files share loaded modules, so a clock one file pinned
// must not carry over into the next, and neither may a process wiring (lib/testing/process-wiring.ts).
import { afterAll } from "vitest";
import { setClock } from "../clock";
import { failOnLeftWiring } from "./wiring-leak";

setClock(null);
afterAll(() => setClock(null));
failOnLeftWiring();
