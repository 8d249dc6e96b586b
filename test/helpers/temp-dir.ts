import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh temporary directory with a helper to write files into it, and its removal. */
export interface TempDir {
  readonly path: string;
  write(name: string, text: string): string;
  remove(): void;
}

/** Creates a temp dir for one test's scenario files. */
export function makeTempDir(prefix = 'auth-sim-test-'): TempDir {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    path: dir,
    write(name, text) {
      const file = path.join(dir, name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
      return file;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
