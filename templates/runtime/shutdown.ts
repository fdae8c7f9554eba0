import { constants } from 'node:os';
import { logger } from './log.gen.js';

/**
 * Runs `fn` once on the first SIGINT or SIGTERM, then exits 0 (1 if it failed).
 * A second signal while `fn` is still running exits at once: a user pressing
 * Ctrl-C twice, or a supervisor escalating, must never be ignored by a stuck
 * shutdown.
 */
export function onShutdownSignal(fn: () => Promise<void>): void {
  let shuttingDown = false;

  const onSignal = (signal: NodeJS.Signals): void => {
    if (shuttingDown) {
      // 128 + signal number is the conventional "killed by signal" status.
      process.exit(128 + (constants.signals[signal] ?? 0));
    }
    shuttingDown = true;
    let done: Promise<void>;
    try {
      done = fn();
    } catch (error) {
      done = Promise.reject(error);
    }
    done.then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, `shutdown after ${signal} failed`);
        process.exit(1);
      },
    );
  };

  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
