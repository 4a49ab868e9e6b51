import { ConfigValidationError } from '@projectory/platform';
import { startProjectory } from './launcher.js';

/** `npm start`: everything in one process; Ctrl-C stops it cleanly. */
try {
  const projectory = await startProjectory();
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping Projectory…`);
    projectory.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGHUP', () => shutdown('SIGHUP'));
  // Started by scripts/start.mjs: when that process goes away (even by SIGKILL), stop as well.
  process.on('disconnect', () => shutdown('parent process gone'));
  console.log(`\n  Projectory is running at ${projectory.url}\n`);
} catch (error) {
  console.error(error instanceof ConfigValidationError ? error.message : error);
  process.exit(1);
}
