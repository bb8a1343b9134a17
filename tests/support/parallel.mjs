// Runs npm scripts side by side (`node tests/support/parallel.mjs typecheck lint test:unit --quiet-beside test:prepare`):
// the checks that mostly compute overlap the unit tests that mostly wait (on processes, sockets and timers).
// The scripts after `--quiet-beside` (the build and the host projects' builds) join them on a quiet
// machine, where they use the core the unit tests leave idle; on a machine busy with other work they run
// after the others pass, as the unit tests' fixed waits would not survive both loads at once (measured:
// at a load of 15–25 per 2 cores, beside the builds, four test files timed out).
// The last script's output streams; the others' is printed when they end. Exits non-zero when any fails.
import { spawn } from 'node:child_process';
import { slowdown } from './slowdown.mjs';

const args = process.argv.slice(2);
const split = args.indexOf('--quiet-beside');
const scripts = split < 0 ? args : args.slice(0, split);
const later = split < 0 ? [] : args.slice(split + 1);
// slowdown() is 1 when the last minute's load is at most one per core (tests/support/slowdown.mjs).
const quiet = slowdown() === 1;

/** @param {string[]} names @param {string | undefined} streamedName @returns {Promise<number[]>} */
const runAll = (names, streamedName) =>
  Promise.all(
    names.map(
      (script) =>
        new Promise((resolve) => {
          const streamed = script === streamedName;
          const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'] });
          let output = '';
          child.stdout?.on('data', (chunk) => (output += chunk));
          child.stderr?.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            if (!streamed) process.stdout.write(`\n> ${script} ${code === 0 ? 'passed' : `failed (exit ${code})`}\n${output}`);
            resolve(code ?? 1);
          });
        }),
    ),
  );

const failed = (/** @type {number[]} */ codes) => codes.some((code) => code !== 0);
const streamed = scripts.at(-1);
let codes = await runAll(quiet ? [...later, ...scripts] : scripts, streamed);
if (!quiet && later.length && !failed(codes)) codes = await runAll(later, later.at(-1));
process.exit(failed(codes) ? 1 : 0);
