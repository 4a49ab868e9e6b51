/**
 * A start-up failure the person at the terminal can fix (port taken, data directory in use): `npm
 * start` prints its message alone, without a stack, and does not restart the launcher.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/** One line for any thrown value: its message (and cause), never a bare `undefined`. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause === undefined ? '' : ` (cause: ${describeError(error.cause)})`;
    return `${error.message || error.name}${cause}`;
  }
  if (error === undefined || error === null) return `an error without a message (${String(error)})`;
  return typeof error === 'string' ? error : JSON.stringify(error);
}
