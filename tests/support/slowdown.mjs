import { availableParallelism, loadavg } from 'node:os';

/**
 * How much slower than quiet this machine runs now: the last minute's load per core, from 1 (quiet) to 4.
 * The test runners' timeouts are multiplied by it, so that a machine busy with other work stretches a
 * test instead of failing it; a hang still fails, later. The tests assert no durations, only outcomes
 * and order. Worked out once per run (in the process that loads the config first) and handed to the
 * workers through the environment, so that every worker uses the same figure; TEST_SLOWDOWN pins it.
 * @returns {number}
 */
export function slowdown() {
  if (!process.env.TEST_SLOWDOWN) {
    const perCore = loadavg()[0] / availableParallelism();
    process.env.TEST_SLOWDOWN = String(Math.round(Math.min(4, Math.max(1, perCore)) * 10) / 10);
  }
  return Number(process.env.TEST_SLOWDOWN);
}

/**
 * An outer limit on a wait in a test: how long the product may take for what a person would wait on
 * (`ms`, on a quiet machine), stretched by how busy this machine is (slowdown above). Tests wait for the
 * event itself (a poll, an exit, a line) and use this only as the point where a hang fails.
 * @param {number} ms
 * @returns {number}
 */
export const patience = (ms) => Math.round(ms * slowdown());
