// `npm start` on a developer's machine: build the widgets, the site and the service when their output
// is missing, older than the sources, or made with other build-time settings (VITE_*, PUBLIC_URL,
// from the environment or .env), then start the service.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../config/settings.ts';

/** The newest modification time below dir. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const OUTPUTS = [
  'dist/widgets/ai-widgets.js',
  'dist/site/index.html',
  'dist/examples/react/index.html',
  'dist/desk/index.html',
  'dist/server/main.js',
];
const SOURCES = [
  'model',
  'ui',
  'widgets',
  'site',
  'examples',
  'desk',
  'server',
  'build',
  'vite.config.ts',
  'vite.widget.config.ts',
  'vite.desk.config.ts',
  'package.json',
];
export const STAMP = 'dist/build-settings.sha256';

/** A digest of the settings the build bakes in: a change means the next start rebuilds. */
export function buildSettingsDigest(env: NodeJS.ProcessEnv = process.env): string {
  const baked = Object.entries(env)
    .filter(([key]) => key.startsWith('VITE_') || key === 'PUBLIC_URL' || key === 'AI_WIDGETS_SENTRY_DSN')
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(baked)).digest('hex');
}

/** Why a build is needed, or null. */
export function buildReason(root = ROOT, env: NodeJS.ProcessEnv = process.env): string | null {
  const outputs = OUTPUTS.map((file) => join(root, file));
  if (!outputs.every((file) => existsSync(file))) return 'the build output is missing';
  const stamp = join(root, STAMP);
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== buildSettingsDigest(env))
    return 'build-time settings changed';
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const changed = Math.max(
    ...SOURCES.map((src) => join(root, src))
      .filter(existsSync)
      .map((src) => (statSync(src).isDirectory() ? newest(src) : statSync(src).mtimeMs)),
  );
  return changed > built ? 'the sources changed' : null;
}

export function buildIfNeeded(root = ROOT) {
  const reason = buildReason(root);
  if (!reason) return;
  console.log(`Building the widgets, the site and the service (${reason})…`);
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  // The build's last step (dev/stamp.ts) records the settings it used.
  if (result.status !== 0) throw new Error('The build failed; see the output above.');
}
