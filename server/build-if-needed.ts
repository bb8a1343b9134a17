// `npm start` on a fresh clone: build the widgets and the site when their output is missing or older than the sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './config.ts';

/** The newest modification time below dir. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const OUTPUTS = ['dist/widgets/ai-widgets.js', 'dist/site/index.html', 'dist/examples/react/index.html'];
const SOURCES = ['widgets', 'site', 'examples', 'vite.config.ts', 'vite.widget.config.ts', 'package.json'];


export function needsBuild(root = ROOT) {
  const outputs = OUTPUTS.map((file) => join(root, file));
  if (!outputs.every((file) => existsSync(file))) return true;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const changed = Math.max(...SOURCES.map((src) => join(root, src)).filter(existsSync).map((src) => (statSync(src).isDirectory() ? newest(src) : statSync(src).mtimeMs)));
  return changed > built;
}

export function buildIfNeeded(root = ROOT) {
  if (!needsBuild(root)) return;
  console.log('Building the widgets and the site…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) throw new Error('The build failed; see the output above.');
}
