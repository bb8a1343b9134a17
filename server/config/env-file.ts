// `.env` beside the package: read by the service (and by the build, through Vite), never overriding
// what the environment already sets.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { ROOT } from './settings.ts';

export function loadEnvFile(path = join(ROOT, '.env'), env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  if (!existsSync(path)) return {};
  const values = parseEnv(readFileSync(path, 'utf8')) as Record<string, string>;
  for (const [key, value] of Object.entries(values)) if (env[key] === undefined) env[key] = value;
  return values;
}
