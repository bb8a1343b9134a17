// Generated from server/storage/migrations.ts by `npm run -s db:types`: do not edit.
// Every time is epoch milliseconds (a column ending _ms, or an integer named _at); the text times of older releases are kept, unread once converted.

/** A row of `call_attempts`. */
export interface CallAttemptsRow {
  id: number;
  lead_id: number;
  attempt: number;
  started_at: number;
  finished_at: number | null;
  outcome: string | null;
  error: string | null;
  provider_call_id: string | null;
}

/** A row of `calls`. */
export interface CallsRow {
  lead_id: number;
  status: string;
  call_at: number | null;
  attempts: number;
  next_attempt_at: number | null;
  lease_until: number | null;
  attempt_started_at: number | null;
  provider_call_id: string | null;
  provider_status: string | null;
  last_error: string | null;
  failure_reason: string | null;
  placed_at: number | null;
  check_at: number | null;
  ended_reason: string | null;
  started_at: string | null;
  ended_at: string | null;
  duration_seconds: number | null;
  summary: string | null;
  success_evaluation: string | null;
  transcript: string | null;
  recording_url: string | null;
  updated_at: number;
  outcome: string | null;
  to_call: number;
  started_ms: number | null;
  ended_ms: number | null;
}

/** A row of `daily_counts`. */
export interface DailyCountsRow {
  day: string;
  metric: string;
  agent_id: string;
  campaign: string;
  n: number;
}

/** A row of `desk_audit`. */
export interface DeskAuditRow {
  id: number;
  at: number;
  actor: string;
  action: string;
  lead_id: number | null;
  session_id: string | null;
  detail: string | null;
}

/** A row of `desk_login_failures`. */
export interface DeskLoginFailuresRow {
  id: number;
  email: string;
  client_ip: string;
  at: number;
}

/** A row of `desk_sessions`. */
export interface DeskSessionsRow {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

/** A row of `desk_users`. */
export interface DeskUsersRow {
  id: number;
  email: string;
  password_hash: string;
  created_at: number;
  role: string;
}

/** A row of `feedback`. */
export interface FeedbackRow {
  id: number;
  name: string;
  email: string;
  message: string;
  created_at: string;
  created_ms: number | null;
}

/** A row of `lead_mark_events`. */
export interface LeadMarkEventsRow {
  id: number;
  lead_id: number;
  action: string;
  by_email: string;
  at: number;
}

/** A row of `lead_marks`. */
export interface LeadMarksRow {
  lead_id: number;
  contacted_at: number;
  contacted_by: string;
}

/** A row of `lead_search`. */
export interface LeadSearchRow {
  term: string;
  lead_id: number;
}

/** A row of `leads`. */
export interface LeadsRow {
  id: number;
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
  created_ms: number | null;
  phone_hash: string | null;
  erased_at: number | null;
  consented_ms: number | null;
  verified_ms: number | null;
}

/** A row of `leases`. */
export interface LeasesRow {
  name: string;
  holder: string;
  until_ms: number;
}

/** A row of `otp_codes`. */
export interface OtpCodesRow {
  id: number;
  phone: string;
  code_hash: string | null;
  created_at: number;
  expires_at: number;
  checks: number;
  consumed_at: number | null;
  client_ip: string | null;
}

/** A row of `outbox`. */
export interface OutboxRow {
  id: number;
  lead_id: number;
  payload: string;
  attempts: number;
  next_attempt_at: number;
  lease_until: number | null;
  delivered_at: number | null;
  last_error: string | null;
  event: string;
  delivery_id: string | null;
}

/** A row of `overview_counts`. */
export interface OverviewCountsRow {
  span: string;
  dim: string;
  period: string;
  metric: string;
  dim_value: string;
  n: number;
}

/** A row of `settings`. */
export interface SettingsRow {
  key: string;
  value: string;
}

/** A row of `suppressions`. */
export interface SuppressionsRow {
  phone: string;
  reason: string;
  created_at: number;
}

export interface Tables {
  call_attempts: CallAttemptsRow;
  calls: CallsRow;
  daily_counts: DailyCountsRow;
  desk_audit: DeskAuditRow;
  desk_login_failures: DeskLoginFailuresRow;
  desk_sessions: DeskSessionsRow;
  desk_users: DeskUsersRow;
  feedback: FeedbackRow;
  lead_mark_events: LeadMarkEventsRow;
  lead_marks: LeadMarksRow;
  lead_search: LeadSearchRow;
  leads: LeadsRow;
  leases: LeasesRow;
  otp_codes: OtpCodesRow;
  outbox: OutboxRow;
  overview_counts: OverviewCountsRow;
  settings: SettingsRow;
  suppressions: SuppressionsRow;
}
