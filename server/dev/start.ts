// `npm start`: read .env, build what is missing or stale, then run the service from its sources.
import { loadEnvFile } from '../config/env-file.ts';
import { buildIfNeeded } from './build-if-needed.ts';

loadEnvFile();
if (process.env.SKIP_BUILD !== 'true') buildIfNeeded();
await import('../main.ts');
