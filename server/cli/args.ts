// The command-line tools' shared start: their arguments (with --help), the settings, and the store.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadEnvFile } from '../config/env-file.ts';
import { configOrExit, type ServerConfig } from '../config/settings.ts';
import { DatabaseUnreachableError, openStore, type Store } from '../storage/index.ts';

export function cli<O extends NonNullable<ParseArgsConfig['options']>>(usage: string, options: O) {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { ...options, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}

/** Stops with what was wrong in the arguments, named with the value given, then the usage; exit 2. */
export function refuse(usage: string, problem: string): never {
  console.error(`${problem}\n\n${usage}`);
  process.exit(2);
}

let loaded: ServerConfig | undefined;
/** The settings (and `.env`), read once. */
export function toolConfig(): ServerConfig {
  if (!loaded) {
    loadEnvFile();
    loaded = configOrExit();
  }
  return loaded;
}

/** The configured store, or `--db PATH` (a SQLite file that must exist: a mistyped path is an error, not an empty answer). */
export async function storeFor(db: string | undefined): Promise<Store> {
  const config = toolConfig();
  const databasePath = db ? resolve(db) : config.databasePath;
  const databaseUrl = db ? '' : config.databaseUrl;
  if (!databaseUrl && !existsSync(databasePath)) {
    console.error(`No database at ${databasePath}: check --db or DATABASE_PATH.`);
    process.exit(1);
  }
  // Every statement a tool runs is short (exports read page by page), so the service's timeout holds for them too.
  return openStore({ databasePath, databaseUrl, databaseTimeoutMs: config.databaseTimeoutMs }).catch(
    (error: unknown) => {
      if (!(error instanceof DatabaseUnreachableError)) throw error;
      console.error(`Cannot open the database: ${error.message}`);
      process.exit(1);
    },
  );
}
