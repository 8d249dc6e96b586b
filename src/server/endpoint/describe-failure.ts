/** One line about an unexpected error for the log: its message and where it was thrown (the stack's first frame). */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const frame = error.stack
    ?.split('\n')
    .find((line) => line.trimStart().startsWith('at '))
    ?.trim();
  return frame ? `${error.message} (${frame})` : error.message;
}
