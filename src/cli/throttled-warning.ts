/**
 * One warning line now, then at most one per `windowMs` that counts the rest: a flood of the same
 * failure (20,000 aborted TLS handshakes) is a few lines, not one each. Returns the function to
 * call per occurrence with its line; the summary names the last one.
 */
export function throttledWarning(warn: (line: string) => void, windowMs: number, what: string): (line: string) => void {
  let open = false;
  let held = 0;
  let last = '';
  const closeWindow = () => {
    if (held > 0) {
      warn(`${held} more ${what} in the last ${windowMs / 1000} s (the last: ${last})`);
      held = 0;
      setTimeout(closeWindow, windowMs).unref();
    } else open = false;
  };
  return (line) => {
    if (!open) {
      open = true;
      warn(line);
      setTimeout(closeWindow, windowMs).unref();
      return;
    }
    held += 1;
    last = line;
  };
}
