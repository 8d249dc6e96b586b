import { renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Writes the listening port to `file` (renamed into place, so a script polling for it never reads
 * half a number) and removes it when the process exits.
 */
export function writePortFile(file: string, port: number): void {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, `${port}\n`);
  renameSync(partial, file);
  process.once('exit', () => rmSync(file, { force: true }));
}
