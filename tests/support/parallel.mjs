// Runs npm scripts side by side (`node tests/support/parallel.mjs test:prepare typecheck lint test:unit`):
// the checks and builds that mostly compute overlap the unit tests that mostly wait (on processes,
// sockets and timers), so the second core does the build and the host projects' builds
// (`test:prepare`) instead of idling; the unit tests stretch their timeouts with the load.
// The last script's output streams; the others' is printed when they end. Exits non-zero when any fails.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const runs = scripts.map(
  (script, i) =>
    new Promise((resolve) => {
      const streamed = i === scripts.length - 1;
      const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'] });
      let output = '';
      child.stdout?.on('data', (chunk) => (output += chunk));
      child.stderr?.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => {
        if (!streamed) process.stdout.write(`\n> ${script} ${code === 0 ? 'passed' : `failed (exit ${code})`}\n${output}`);
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
