import { defineConfig } from 'vitest/config';
import { slowdown } from './tests/support/slowdown.mjs';

/** Longer timeouts on a machine busy with other work (1 to 4 times): a hang still fails, a slow pass does not. */
const SLOW = slowdown();

export default defineConfig({
  define: {
    __SENTRY_DSN__: JSON.stringify(''),
    __WIDGETS_VERSION__: JSON.stringify('test'),
  },
  test: {
    include: [
      'model/**/*.test.ts',
      'widgets/**/*.test.{ts,tsx}',
      'desk/**/*.test.ts',
      'build/**/*.test.ts',
      'server/**/*.test.{ts,mjs}',
      'site/**/*.test.{ts,tsx}',
      'tests/bench/**/*.test.ts',
      'tests/support/**/*.test.ts',
      'tests/deploy/**/*.test.ts',
      'tests/docs/**/*.test.ts',
    ],
    environment: 'node',
    // The run's databases, migrated once: a PostgreSQL server and a SQLite file that tests copy (tests/support/databases.ts).
    globalSetup: ['tests/support/databases.ts'],
    // The service's tests mostly wait on processes, sockets and timers: three files at a time on two cores
    // (the default leaves one core to the runner and runs them one by one).
    maxWorkers: 3,
    // Worker threads that keep the modules a file imported for the next file: `npm test` is bound by
    // CPU, and importing the service again for each file was a fifth of the unit tests' (121 → 99 CPU s
    // alone). No test relies on a fresh module state (the files pass in shuffled orders too).
    pool: 'threads',
    isolate: false,
    // Beside the typecheck and the linter, CPU-bound tests (scrypt password hashing in the desk's) take
    // several times their quiet-machine time: 15 s catches a hang without failing a slow pass.
    testTimeout: 15_000 * SLOW,
    hookTimeout: 10_000 * SLOW,
    expect: { poll: { timeout: 1_000 * SLOW } },
  },
});
