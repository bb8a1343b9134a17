// Every migration in this folder, by name, in order (names sort as they ran): a new one is only its
// file. Read from the folder beside this module, wherever it runs: the sources (tests, and the dev
// bundle, whose modules keep their own import.meta.url), or dist/server's compiled files; the import's
// pattern is what lets esbuild take every migration into the dev bundle.
import { readdirSync } from 'node:fs';
import type { Migration } from 'kysely';

const NAMES = readdirSync(new URL('./', import.meta.url))
  .map((file) => /^(\d{4}_\w+)\.[jt]s$/.exec(file)?.[1])
  .filter((name) => name !== undefined)
  .sort();

export const MIGRATIONS: Record<string, Migration> = Object.fromEntries(
  await Promise.all(NAMES.map(async (name) => [name, (await import(`./${name}.ts`)) as Migration] as const)),
);

/** The migrations the runner before Kysely's recorded by number in schema_migrations (version n is the nth). */
export const NUMBERED = [
  '0001_feedback',
  '0002_settings_codes_leads_outbox',
  '0003_calls_consent_suppressions',
  '0004_desk',
  '0005_outcomes_search_counts',
  '0006_personal_data',
  '0007_desk_filter_indexes',
  '0008_times_in_ms',
  '0009_search_beginnings_overview_counts',
  '0010_search_statistics',
] as const;
