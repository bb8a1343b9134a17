// Places every demo call that is due, across restarts and instances: a job is leased, its attempt
// written down before it is made, and its outcome recorded. 5xx, 429 and no answer are retried with
// doubling waits; a 4xx is final; every attempt falls inside calling hours (a retry that would fall
// outside waits for the next window). An attempt whose outcome is unknown (no answer, or a crash
// mid-call) is looked up with the provider no sooner than CALL_LOOKUP_DELAY_MS after it started, and
// nothing is tried again before that look-up has found nothing: a lead gets one call at most, as long
// as the provider makes a call within that delay of being asked (docs/operations.md).
// Placed calls whose end was never heard of are read back from the provider after 30 minutes.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config/settings.ts';
import type { AgentId } from '../../../model/agents.ts';
import type { AttemptOutcome, CallJob, Store } from '../../storage/index.ts';
import type { CallState } from '../../../model/calls.ts';
import { leaseFor, MAX_SLEEP_MS, startLeasedJobs } from '../jobs.ts';
import { scrub } from '../personal-data.ts';
import { countryOf } from '../phone.ts';
import { callZones, nextCallTime } from './calling-hours.ts';
import type { VapiClient } from './vapi.ts';

export const CHECK_AFTER_MS = 30 * 60_000;
const BATCH = 10;

export function startCallWorker({
  config,
  store,
  log,
  now,
  vapi,
}: {
  config: ServerConfig;
  store: Store;
  log: FastifyBaseLogger;
  now: () => number;
  vapi: VapiClient;
}) {
  const leaseMs = leaseFor(config.providerTimeoutMs);
  const deliver = Boolean(config.webhook.url);
  const waiting = new Map<number, (() => void)[]>();

  const settled = (leadId: number) => {
    for (const wake of waiting.get(leadId) ?? []) wake();
    waiting.delete(leadId);
  };
  const record = (leadId: number, outcome: AttemptOutcome) =>
    store.calls.record({ leadId, now: now(), outcome, deliver });
  const { hours, retryMs, lookupDelayMs, maxAttempts } = config.calls;
  /**
   * The next try after a failed attempt: the doubling wait, and for an attempt whose outcome is unknown no
   * sooner than its look-up may be made; moved to the next calling hours when it would fall outside them.
   */
  function retryOrFail(
    attempt: number,
    reason: string,
    unknown: { startedAt: number } | null,
    zones: string[],
  ): AttemptOutcome {
    if (attempt >= maxAttempts) {
      // The last try's outcome is unknown: it is looked up (and the call given up only if it was not made).
      if (unknown)
        return {
          kind: 'retry',
          error: reason,
          nextAttemptAt: Math.max(now() + retryMs, unknown.startedAt + lookupDelayMs),
          unknown: true,
          scheduled: false,
        };
      return { kind: 'failed', error: reason, reason: 'max-attempts' };
    }
    const due = Math.max(now() + retryMs * 2 ** (attempt - 1), unknown ? unknown.startedAt + lookupDelayMs : 0);
    const at = nextCallTime(due, zones, hours);
    return { kind: 'retry', error: reason, nextAttemptAt: at, unknown: Boolean(unknown), scheduled: at > due };
  }

  async function run(job: CallJob) {
    if (job.suppressed) return record(job.leadId, { kind: 'failed', error: null, reason: 'suppressed' });
    const assistantId = config.voice.assistants[job.agentId as AgentId] ?? '';
    if (!vapi.configured(assistantId))
      return record(job.leadId, { kind: 'failed', error: 'demo calls are not configured', reason: 'not-configured' });
    const zones = callZones(job.timeZone, countryOf(job.phone)) ?? ['UTC'];
    if (job.attemptStartedAt !== null) {
      // The last attempt may have made the call, and a provider may make it a while after a request it
      // never answered: the look-up waits for CALL_LOOKUP_DELAY_MS from the attempt's start.
      const lookupAt = job.attemptStartedAt + lookupDelayMs;
      if (now() < lookupAt) return record(job.leadId, { kind: 'wait', at: lookupAt, scheduled: false });
      let found: Awaited<ReturnType<VapiClient['find']>>;
      try {
        found = await vapi.find({ leadId: job.leadId, since: job.attemptStartedAt });
      } catch (error) {
        return record(
          job.leadId,
          retryOrFail(
            job.attempts,
            `could not check the last attempt: ${(error as Error).message}`,
            { startedAt: job.attemptStartedAt },
            zones,
          ),
        );
      }
      if (found) {
        log.info({ leadId: job.leadId }, 'the unanswered attempt had placed the call');
        return record(job.leadId, {
          kind: 'placed',
          providerCallId: found.id,
          providerStatus: found.status,
          checkAt: now() + CHECK_AFTER_MS,
        });
      }
      if (job.attempts >= maxAttempts)
        return record(job.leadId, { kind: 'failed', error: 'the last attempt made no call', reason: 'max-attempts' });
    }
    // Every attempt inside calling hours: one due outside them (a late lease, a look-up at night) waits.
    const at = nextCallTime(now(), zones, hours);
    if (at > now()) return record(job.leadId, { kind: 'wait', at, scheduled: true });
    const startedAt = now();
    const attempt = await store.calls.begin({ leadId: job.leadId, now: startedAt });
    // Erased (or given up) since it was leased: the call is not placed.
    if (attempt === null)
      return log.info(
        { leadId: job.leadId },
        'demo call not placed: it was called off (its lead erased) since it was taken',
      );
    const result = await vapi.place({ assistantId, phone: job.phone, name: job.name, leadId: job.leadId });
    if (result.kind === 'created') {
      const kept = await record(job.leadId, {
        kind: 'placed',
        providerCallId: result.id,
        providerStatus: result.status,
        checkAt: now() + CHECK_AFTER_MS,
      });
      if (kept === 'erased')
        log.warn(
          { leadId: job.leadId, attempt },
          'a demo call was placed as its lead was being erased: nothing of it is kept',
        );
      else log.info({ leadId: job.leadId, attempt }, 'demo call placed');
      return;
    }
    log.warn(
      { leadId: job.leadId, attempt },
      `demo call attempt failed: ${scrub(result.reason, [job.phone, job.phone.slice(3), job.name])}`,
    );
    if (result.kind === 'refused')
      return record(job.leadId, { kind: 'failed', error: result.reason, reason: 'provider-refused' });
    return record(job.leadId, retryOrFail(attempt, result.reason, result.unknown ? { startedAt } : null, zones));
  }

  async function checkEnds() {
    for (const { leadId, providerCallId } of await store.calls.claimChecks({
      now: now(),
      recheckMs: CHECK_AFTER_MS,
      limit: BATCH,
    })) {
      try {
        const update = await vapi.get(providerCallId);
        await store.calls.update({ providerCallId, now: now(), update, deliver });
      } catch (error) {
        log.warn({ leadId }, `could not read the call back from the provider: ${scrub((error as Error).message)}`);
      }
    }
  }

  // A due call is taken as soon as it is due (a new lead pokes at once); read-backs follow each pass.
  const jobs = startLeasedJobs({
    claim: () => store.calls.claim({ now: now(), leaseMs, limit: BATCH }),
    run: (job: CallJob) => run(job).finally(() => settled(job.leadId)),
    failed: (job, error) =>
      log.error({ leadId: job.leadId }, `demo call job failed: ${scrub(error.message, [job.phone, job.name])}`),
    after: checkEnds,
    nextDue: () => store.calls.nextDue(),
    subscribe: (wake) => store.onAdded('calls', wake),
    passFailed: (error) => log.warn(`call pass failed: ${scrub(error.message)}`),
    now,
    maxSleepMs: MAX_SLEEP_MS,
  });
  /** Runs a pass now (after a new lead); one under way runs again when it ends. */
  const poke = jobs.poke;

  return {
    poke,
    /** The call's state once its first attempt is over (here or on another instance), or after `ms`, whatever it is then. */
    async settle(leadId: number, ms: number): Promise<{ status: CallState; callAt: number | null } | null> {
      let wake = () => {};
      const woken = new Promise<void>((resolve) => (wake = resolve));
      const timer = setTimeout(wake, ms);
      waiting.set(leadId, [...(waiting.get(leadId) ?? []), wake]);
      poke();
      // Another instance may take the job: look at the database too, now and then.
      for (let state = await store.calls.state({ leadId }); ; state = await store.calls.state({ leadId })) {
        if (state?.status !== 'pending') {
          clearTimeout(timer);
          waiting.delete(leadId);
          return state;
        }
        const over = await Promise.race([
          woken.then(() => true),
          new Promise<boolean>((r) => setTimeout(() => r(false), 250)),
        ]);
        if (over) {
          clearTimeout(timer);
          return store.calls.state({ leadId });
        }
      }
    },
    stop: jobs.stop,
  };
}

export type CallWorker = ReturnType<typeof startCallWorker>;
