// Every migration by name, in order (names sort as they ran). Listed here rather than read from the
// folder, so the compiled service finds them wherever it runs.
import type { Migration } from 'kysely';
import * as m0001 from './0001_feedback.ts';
import * as m0002 from './0002_settings_codes_leads_outbox.ts';
import * as m0003 from './0003_calls_consent_suppressions.ts';
import * as m0004 from './0004_desk.ts';
import * as m0005 from './0005_outcomes_search_counts.ts';
import * as m0006 from './0006_personal_data.ts';
import * as m0007 from './0007_desk_filter_indexes.ts';
import * as m0008 from './0008_times_in_ms.ts';
import * as m0009 from './0009_search_beginnings_overview_counts.ts';
import * as m0010 from './0010_search_statistics.ts';
import * as m0011 from './0011_quarter_hour_leads.ts';
import * as m0012 from './0012_demo_sessions.ts';
import * as m0013 from './0013_desk_session_devices.ts';
import * as m0014 from './0014_lead_demo_sessions.ts';
import * as m0015 from './0015_demo_desk_indexes.ts';
import * as m0016 from './0016_desk_two_step.ts';
import * as m0017 from './0017_demo_continuations.ts';
import * as m0018 from './0018_embeds.ts';
import * as m0019 from './0019_embed_overview_counts.ts';

export const MIGRATIONS: Record<string, Migration> = {
  '0001_feedback': m0001,
  '0002_settings_codes_leads_outbox': m0002,
  '0003_calls_consent_suppressions': m0003,
  '0004_desk': m0004,
  '0005_outcomes_search_counts': m0005,
  '0006_personal_data': m0006,
  '0007_desk_filter_indexes': m0007,
  '0008_times_in_ms': m0008,
  '0009_search_beginnings_overview_counts': m0009,
  '0010_search_statistics': m0010,
  '0011_quarter_hour_leads': m0011,
  '0012_demo_sessions': m0012,
  '0013_desk_session_devices': m0013,
  '0014_lead_demo_sessions': m0014,
  '0015_demo_desk_indexes': m0015,
  '0016_desk_two_step': m0016,
  '0017_demo_continuations': m0017,
  '0018_embeds': m0018,
  '0019_embed_overview_counts': m0019,
};

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
