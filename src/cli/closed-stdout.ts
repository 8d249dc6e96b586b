/**
 * Keeps a server up when its stdout reader goes away (`auth-sim | head`, a `tee` that was killed):
 * the write then fails with EPIPE, which Node raises as an 'error' on stdout and, with no listener,
 * ends the process. A simulator whose log reader left goes on answering; its stdout lines stop,
 * and stderr says so once. (Short commands such as `generate` handle their own stdout errors.)
 */
export function keepServingWhenStdoutCloses(
  stdout: NodeJS.WritableStream = process.stdout,
  stderr: NodeJS.WritableStream = process.stderr,
): void {
  let said = false;
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (said) return;
    said = true;
    stderr.write(
      `auth-sim: stdout closed (${error.code ?? error.message}): its lines stop here; the server goes on answering\n`,
    );
  });
}
