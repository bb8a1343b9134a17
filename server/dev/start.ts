// `npm start`: read .env, check every setting (all wrong ones in one line, before a build that can
// take a while), build what is missing or stale, then run the service from its sources, its log
// pretty (LOG_FORMAT=pretty) unless set otherwise.
import { loadEnvFile } from '../config/env-file.ts';
import { configOrExit } from '../config/settings.ts';
import { buildIfNeeded } from './build-if-needed.ts';

loadEnvFile();
// A developer's terminal: the log as lines to read, unless LOG_FORMAT (environment or .env) says otherwise.
if (!process.env.LOG_FORMAT?.trim()) process.env.LOG_FORMAT = 'pretty';
configOrExit();
if (process.env.SKIP_BUILD !== 'true') buildIfNeeded();
await import('../main.ts');
