// `npm start`: read .env, check every setting (all wrong ones in one line, before a build that can
// take a while), build what is missing or stale, then run the service from its sources.
import { loadEnvFile } from '../config/env-file.ts';
import { configOrExit } from '../config/settings.ts';
import { buildIfNeeded } from './build-if-needed.ts';

loadEnvFile();
configOrExit();
if (process.env.SKIP_BUILD !== 'true') buildIfNeeded();
await import('../main.ts');
