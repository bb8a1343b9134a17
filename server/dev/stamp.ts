// The last step of `npm run build`: records which build-time settings the build baked in, so
// `npm start` rebuilds when one changes (in the environment or in .env).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnvFile } from '../config/env-file.ts';
import { ROOT } from '../config/settings.ts';
import { buildSettingsDigest, STAMP } from './build-if-needed.ts';

loadEnvFile();
writeFileSync(join(ROOT, STAMP), buildSettingsDigest());
