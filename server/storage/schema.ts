// The stored tables as the queries see them (./query.ts), written by hand beside the migrations
// (./migrations/): a test migrates both databases and holds every column here to the real one, its
// presence, its nullability and its kind (server/tests/schema.test.ts). Every time is epoch milliseconds
// (a column ending _ms, or an integer named _at); the text times of older releases are kept, unread once converted.
import type { ColumnType, Generated } from 'kysely';

/** INTEGER: a number on both databases. */
type Int = number;
/** BIGINT: PostgreSQL answers with text (the readers turn it into a number), SQLite with a number. */
type Big = ColumnType<number | string, number, number>;
/** A BIGINT that may be empty. */
type BigOrNull = ColumnType<number | string | null, number | null, number | null>;
/** DOUBLE PRECISION on PostgreSQL, REAL on SQLite. */
type Real = number;

export interface CallAttemptsTable {
  id: Generated<Int>;
  lead_id: Int;
  attempt: Int;
  started_at: Big;
  finished_at: BigOrNull;
  outcome: string | null;
  error: string | null;
  provider_call_id: string | null;
}

export interface CallsTable {
  lead_id: Int;
  status: string;
  call_at: BigOrNull;
  attempts: Generated<Int>;
  next_attempt_at: BigOrNull;
  lease_until: BigOrNull;
  attempt_started_at: BigOrNull;
  provider_call_id: string | null;
  provider_status: string | null;
  last_error: string | null;
  failure_reason: string | null;
  placed_at: BigOrNull;
  check_at: BigOrNull;
  ended_reason: string | null;
  started_at: string | null;
  ended_at: string | null;
  duration_seconds: Real | null;
  summary: string | null;
  success_evaluation: string | null;
  transcript: string | null;
  recording_url: string | null;
  updated_at: Big;
  outcome: string | null;
  to_call: Generated<Int>;
  started_ms: BigOrNull;
  ended_ms: BigOrNull;
}

export interface DemoSessionsTable {
  id: string;
  assistant_id: string;
  agent_id: string | null;
  mode: string;
  origin: string;
  page_url: string | null;
  client_hash: string;
  created_at: Big;
  grant_seconds: Int;
  ended_at: BigOrNull;
  duration_seconds: Real | null;
  ended_reason: string | null;
  summary: string | null;
  transcript: string | null;
  provider_call_id: string | null;
  call_seconds: Real | null;
  provider_session_id: string | null;
  continuations: Generated<Int>;
  embed_id: string | null;
}

export interface DailyCountsTable {
  day: string;
  metric: string;
  agent_id: Generated<string>;
  campaign: Generated<string>;
  n: Big;
}

export interface DeskAuditTable {
  id: Generated<Int>;
  at: Big;
  actor: string;
  action: string;
  lead_id: Int | null;
  session_id: string | null;
  detail: string | null;
}

export interface DeskLoginFailuresTable {
  id: Generated<Int>;
  email: string;
  client_ip: string;
  at: Big;
}

export interface DeskPendingSignInsTable {
  token_hash: string;
  user_id: Int;
  next_step: string;
  created_at: Big;
  expires_at: Big;
  client_ip: string | null;
  user_agent: string | null;
}

export interface DeskRecoveryCodesTable {
  user_id: Int;
  code_hash: string;
  used_at: BigOrNull;
}

export interface DeskSessionsTable {
  token_hash: string;
  user_id: Int;
  created_at: Big;
  expires_at: Big;
  last_seen_at: BigOrNull;
  client_ip: string | null;
  user_agent: string | null;
}

export interface DeskTwoStepTable {
  user_id: Int;
  secret: string;
  created_at: Big;
  confirmed_at: BigOrNull;
  last_step: BigOrNull;
}

export interface DeskUsersTable {
  id: Generated<Int>;
  email: string;
  password_hash: string;
  created_at: Big;
  role: Generated<string>;
}

export interface EmbedsTable {
  id: string;
  name: string;
  /** JSON arrays as text. */
  origins: string;
  brand_name: string;
  agents: string;
  countries: string;
  active: Generated<Int>;
  created_ms: Big;
  updated_ms: Big;
}

export interface EmbedConsentsTable {
  embed_id: string;
  lang: string;
  version: string;
  text: string;
  sha256: string;
  created_ms: Big;
}

export interface EmbedRefusalsTable {
  /** The embed's id (or none), the origin and the day, joined: one row each. */
  key: string;
  embed_id: string | null;
  origin: string;
  day: string;
  n: Big;
  last_ms: Big;
}

export interface FeedbackTable {
  id: Generated<Int>;
  name: string;
  email: string;
  message: string;
  /** ISO text on SQLite, timestamptz on PostgreSQL (a Date); written by its default only. */
  created_at: ColumnType<string | Date, never, never>;
  created_ms: BigOrNull;
  embed_id: string | null;
}

export interface LeadMarkEventsTable {
  id: Generated<Int>;
  lead_id: Int;
  action: string;
  by_email: string;
  at: Big;
}

export interface LeadMarksTable {
  lead_id: Int;
  contacted_at: Big;
  contacted_by: string;
}

export interface LeadSearchTable {
  term: string;
  lead_id: Int;
}

export interface LeadsTable {
  id: Generated<Int>;
  agent_id: string;
  name: string;
  phone: string;
  consent_text: string;
  client_ip: string;
  token_id: string;
  created_at: string;
  consent_version: string | null;
  consent_sha256: string | null;
  consented_at: string | null;
  verified_at: string | null;
  page_url: string | null;
  referrer: string | null;
  user_agent: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  fbclid: string | null;
  metadata: string | null;
  time_zone: string | null;
  created_ms: BigOrNull;
  phone_hash: string | null;
  erased_at: BigOrNull;
  consented_ms: BigOrNull;
  verified_ms: BigOrNull;
  demo_session_id: string | null;
  embed_id: string | null;
}

export interface LeasesTable {
  name: string;
  holder: string;
  until_ms: Big;
}

export interface OtpCodesTable {
  /** BIGINT (see Big). */
  id: Generated<number | string>;
  phone: string;
  code_hash: string | null;
  created_at: Big;
  expires_at: Big;
  checks: Generated<Int>;
  consumed_at: BigOrNull;
  client_ip: string | null;
  embed_id: string | null;
}

export interface OutboxTable {
  id: Generated<Int>;
  lead_id: Int;
  payload: string;
  attempts: Generated<Int>;
  next_attempt_at: Big;
  lease_until: BigOrNull;
  delivered_at: BigOrNull;
  last_error: string | null;
  event: Generated<string>;
  delivery_id: string | null;
}

export interface OverviewCountsTable {
  span: string;
  dim: string;
  period: string;
  metric: string;
  dim_value: string;
  n: Big;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface SuppressionsTable {
  phone: string;
  reason: string;
  created_at: Big;
}

/** Every table the service reads or writes. */
export interface Database {
  call_attempts: CallAttemptsTable;
  calls: CallsTable;
  daily_counts: DailyCountsTable;
  demo_sessions: DemoSessionsTable;
  desk_audit: DeskAuditTable;
  desk_login_failures: DeskLoginFailuresTable;
  desk_pending_sign_ins: DeskPendingSignInsTable;
  desk_recovery_codes: DeskRecoveryCodesTable;
  desk_sessions: DeskSessionsTable;
  desk_two_step: DeskTwoStepTable;
  desk_users: DeskUsersTable;
  embed_consents: EmbedConsentsTable;
  embed_refusals: EmbedRefusalsTable;
  embeds: EmbedsTable;
  feedback: FeedbackTable;
  lead_mark_events: LeadMarkEventsTable;
  lead_marks: LeadMarksTable;
  lead_search: LeadSearchTable;
  leads: LeadsTable;
  leases: LeasesTable;
  otp_codes: OtpCodesTable;
  outbox: OutboxTable;
  overview_counts: OverviewCountsTable;
  settings: SettingsTable;
  suppressions: SuppressionsTable;
}
