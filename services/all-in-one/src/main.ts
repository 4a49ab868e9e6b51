import { ConfigValidationError } from '@projectory/platform';
import { startProjectory, STOP_BUDGET_MS } from './launcher.js';
import { describeError, StartupError } from './startup-error.js';

/** Exit status of a start-up failure someone must fix first (EX_CONFIG): scripts/start.mjs does not retry it. */
export const EXIT_NEEDS_ATTENTION = 78;
/** Whatever a stop step does, the process is gone this long after the signal. */
const HARD_DEADLINE_MS = 10_000;

/** `npm start`: everything in one process; Ctrl-C stops it cleanly, in at most 10 s. */
try {
  const projectory = await startProjectory();
  let stopping = false;
  const shutdown = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${reason}: stopping Projectory…`);
    // The backstop if a step hangs past its deadline; on exit the embedded PostgreSQL is told to stop.
    setTimeout(() => {
      console.error(`Projectory did not stop within ${HARD_DEADLINE_MS / 1000} s: exiting anyway.`);
      process.exit(1);
    }, HARD_DEADLINE_MS - 500).unref();
    projectory.stop(Date.now() + STOP_BUDGET_MS).then(
      () => process.exit(code),
      (error: unknown) => {
        console.error(`Stopping Projectory failed: ${describeError(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT', 0));
  process.on('SIGTERM', () => shutdown('SIGTERM', 0));
  process.on('SIGHUP', () => shutdown('SIGHUP', 0));
  // Started by scripts/start.mjs: when that process goes away (even by SIGKILL), stop as well.
  process.on('disconnect', () => shutdown('parent process gone', 0));
  // Exit non-zero so that scripts/start.mjs starts everything again.
  void projectory.fatal.then((error) => shutdown(`Projectory cannot go on (${error.message})`, 1));
  process.send?.({ type: 'running', url: projectory.url });
  console.log(`\n  Projectory is running at ${projectory.url}\n`);
} catch (error) {
  if (error instanceof ConfigValidationError || error instanceof StartupError) {
    console.error(`\n${error.message}\n`);
    process.exit(EXIT_NEEDS_ATTENTION);
  }
  console.error(`\nProjectory could not start: ${describeError(error)}`);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
}
