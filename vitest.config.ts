import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: {
    __SENTRY_DSN__: JSON.stringify(''),
    __WIDGETS_VERSION__: JSON.stringify('test'),
  },
  test: {
    include: ['widgets/**/*.test.{ts,tsx}', 'desk/**/*.test.ts', 'build/**/*.test.ts', 'server/**/*.test.{ts,mjs}', 'site/**/*.test.{ts,tsx}', 'tests/bench/**/*.test.ts', 'tests/support/**/*.test.ts', 'tests/deploy/**/*.test.ts', 'tests/docs/**/*.test.ts'],
    environment: 'node',
    // The service's tests mostly wait on processes, sockets and timers: two files at a time on two cores
    // (the default leaves one core to the runner and runs them one by one).
    maxWorkers: 2,
    // Beside the typecheck and the linter, CPU-bound tests (scrypt password hashing in the desk's) take
    // several times their quiet-machine time: 15 s catches a hang without failing a slow pass.
    testTimeout: 15_000,
  },
});
