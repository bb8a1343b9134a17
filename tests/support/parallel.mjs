// Runs chains of npm scripts side by side: `node tests/support/parallel.mjs typecheck+lint test:unit
// hosts:install build+test:e2e` runs four chains at once; the scripts of a chain (joined by `+`) run one
// after another and stop at the first that fails. `npm test` is one such call: the browser tests, the
// longest chain, start as soon as the build is done instead of after the unit tests, which mostly wait
// (on processes, sockets and timers) and leave a core to the builds and the browsers meanwhile.
// The last chain's output streams; the others' is printed when they end. The typecheck and the lint
// run at a lower priority (nice 5): they take what the tests leave. Exits non-zero when any fails.
//
// Everything shares the machine, so the runners' timeouts are stretched for that from the start
// (TEST_SLOWDOWN, tests/support/slowdown.mjs: at least 3, more when the machine was already busy,
// unless pinned): the load rises only once the chains are under way, after the runners have read it.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { slowdown } from './slowdown.mjs';

const chains = process.argv.slice(2).map((arg) => arg.split('+'));
const yields = new Set(['typecheck', 'lint', 'format:check']);
if (!process.env.TEST_SLOWDOWN) process.env.TEST_SLOWDOWN = String(Math.max(3, slowdown()));

/** @param {string} script @param {boolean} streamed @returns {Promise<{ code: number, output: string }>} */
const runScript = (script, streamed) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], {
      stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'],
    });
    // The checks that only compute yield the CPU to the tests (their processes inherit this); the unit
    // tests do not: starved, their services answered 503 busy and their spawned processes overran.
    if (yields.has(script) && child.pid) setPriority(child.pid, 5);
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });

/** @param {string[]} chain @param {boolean} streamed @returns {Promise<number>} */
async function runChain(chain, streamed) {
  for (const script of chain) {
    const started = Date.now();
    const { code, output } = await runScript(script, streamed);
    const took = `${Math.round((Date.now() - started) / 1000)} s`;
    if (!streamed || code !== 0)
      process.stdout.write(`\n> ${script} ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${took}\n${output}`);
    if (code !== 0) return code;
  }
  return 0;
}

const codes = await Promise.all(chains.map((chain, i) => runChain(chain, i === chains.length - 1)));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
