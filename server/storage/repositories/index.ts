// Every repository, by name: the SQLite thread runs an operation by these names, and the store
// offers each as `store.<repository>.<operation>(args)`.
import type { Op } from '../query.ts';
import { audit } from './audit.ts';
import { calls } from './calls.ts';
import { demoDesk } from './demo-desk.ts';
import { demos } from './demos.ts';
import { desk } from './desk.ts';
import { twoStep } from './desk-two-step.ts';
import { embeds } from './embeds.ts';
import { erasure } from './erasure.ts';
import { exportsRepo } from './exports.ts';
import { feedback } from './feedback.ts';
import { gauges } from './gauges.ts';
import { leadDemos } from './lead-demos.ts';
import { leads } from './leads.ts';
import { otp } from './otp.ts';
import { outbox } from './outbox.ts';
import { overview } from './overview.ts';
import { retention } from './retention.ts';
import { settings } from './settings.ts';
import { suppressions } from './suppressions.ts';
import { times } from './times.ts';

export const repositories = {
  feedback,
  settings,
  otp,
  leads,
  calls,
  outbox,
  suppressions,
  desk,
  overview,
  retention,
  erasure,
  exports: exportsRepo,
  audit,
  times,
  gauges,
  demos,
  leadDemos,
  twoStep,
  demoDesk,
  embeds,
};
export type Repositories = typeof repositories;
export type RepositoryName = keyof Repositories;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOp = Op<any, any>;
/** A repository whose operations return promises. */
export type Bound<R> = {
  [K in keyof R]: R[K] extends (...args: infer A) => Generator<unknown, infer T, unknown>
    ? (...args: A) => Promise<T>
    : never;
};

/** Binds every operation of every repository to `run`. */
export function bindAll(run: (repo: string, op: string, args: unknown) => Promise<unknown>): {
  [K in RepositoryName]: Bound<Repositories[K]>;
} {
  return Object.fromEntries(
    Object.entries(repositories).map(([repo, ops]) => [
      repo,
      Object.fromEntries(Object.keys(ops).map((op) => [op, (args: unknown) => run(repo, op, args)])),
    ]),
  ) as never;
}

export function operation(repo: string, op: string): AnyOp {
  const found = (repositories as Record<string, Record<string, AnyOp>>)[repo]?.[op];
  if (!found) throw new Error(`No storage operation ${repo}.${op}`);
  return found;
}

export type { CallJob, AttemptOutcome } from './calls.ts';
export type { ProviderUpdate } from './calls-provider.ts';
export type {
  Contacted,
  DeskFeedbackFilter,
  DeskLeadFilter,
  DeskRole,
  DeskSession,
  DeskUser,
  MarkEvent,
} from './desk.ts';
export type { Funnel, Overview, OutcomeRow } from './overview.ts';
export type { FeedbackInput, FeedbackRow } from './feedback.ts';
export type { CallPlan, LeadAdded, LeadFilter, LeadInput } from './leads.ts';
export type { OtpCheckStart, OtpRefusal, OtpRequest, OtpRequestResult } from './otp.ts';
export type { OutboxRow } from './outbox.ts';
export type { Page } from './exports.ts';
export type { Gauges } from './gauges.ts';
export type { DemoGrant, DemoGrantResult, DemoReport } from './demos.ts';
export type { DemoFilter } from './demo-desk.ts';
export type { AuditAction, AuditEntry } from './audit.ts';
export type { EmbedConsent, EmbedInput, RefusedOrigin } from './embeds.ts';
export type { NextStep, PendingSignIn, TwoStepState } from './desk-two-step.ts';
