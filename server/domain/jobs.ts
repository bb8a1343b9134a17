// One loop for the workers that take durable jobs from the database (the call worker, the CRM outbox).
// A pass leases due jobs a batch at a time until none are left (the lease, taken in the claim, keeps
// other instances off a job until it runs out: longer than a job can take, so a killed instance's
// jobs are taken up after it). Between passes the loop sleeps until the database's next due time
// (a retry, a lease running out), never longer than `maxSleepMs`, so work another instance left is
// still found soon; the work's producer pokes it awake at once. A failed pass is tried again after a
// doubling wait, so a database that is down is not asked every moment.

/** How soon work another instance left behind is found, at the latest. */
export const MAX_SLEEP_MS = 5000;

/** A lease outlives a job's timeout, so a killed instance's jobs are taken up soon after, never while it may still act. */
export const leaseFor = (timeoutMs: number) => timeoutMs * 2 + 1000;

/** The wait before try `attempt` (1, 2, …): `baseMs` doubled each time, never more than `maxMs`. */
export function backoff(attempt: number, baseMs: number, maxMs = Infinity): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), maxMs);
}

/** When to try again after failed try `attempt`, or null to give up once `maxAttempts` have been made. */
export function retryAt(
  attempt: number,
  now: number,
  { baseMs, maxMs = Infinity, maxAttempts = Infinity }: { baseMs: number; maxMs?: number; maxAttempts?: number },
): number | null {
  return attempt >= maxAttempts ? null : now + backoff(attempt, baseMs, maxMs);
}

export type LeasedJobsOptions<J> = {
  /** Leases a batch of due jobs (none when nothing is due). */
  claim: () => Promise<J[]>;
  /** Does one job; the jobs of a batch run together. */
  run: (job: J) => Promise<unknown>;
  /** A job that threw: its lease is kept, so it is taken again once the lease runs out. */
  failed: (job: J, error: Error) => void;
  /** Runs at the end of every pass, once no job is due. */
  after?: () => Promise<void>;
  /** The earliest time, in `now`'s clock, at which a job may be claimed (null: none is waiting). */
  nextDue: () => Promise<number | null>;
  /** A pass (or the look-up of the next due time) that failed. */
  passFailed: (error: Error) => void;
  /** Calls `wake` when work is added (here, or by another instance where the database tells); returns what stops it. */
  subscribe?: (wake: () => void) => () => void;
  now: () => number;
  /** The longest sleep between passes: how soon work another instance left is found. */
  maxSleepMs: number;
  /** The shortest, so that a due time the claim does not agree with cannot spin the loop. */
  minSleepMs?: number;
  /** The first wait after a failed pass (doubled each time, up to `maxSleepMs`). */
  failureBackoffMs?: number;
};

export type LeasedJobs = {
  /** Runs a pass now; one under way runs again when it ends. */
  poke(): void;
  /** Nothing new starts; resolves once the pass under way (and its jobs) are over. */
  stop(): Promise<void>;
};

export function startLeasedJobs<J>(o: LeasedJobsOptions<J>): LeasedJobs {
  const minSleepMs = o.minSleepMs ?? 20;
  const failureBackoffMs = o.failureBackoffMs ?? 1000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let failures = 0;

  const failedWith = (error: unknown) => {
    failures++;
    o.passFailed(error as Error);
  };

  /** Claims until nothing is due; false when the database failed it. */
  async function pass(): Promise<boolean> {
    try {
      while (!stopped) {
        const jobs = await o.claim();
        if (!jobs.length || stopped) break;
        await Promise.all(jobs.map((job) => o.run(job).catch((error) => o.failed(job, error as Error))));
      }
      if (!stopped && o.after) await o.after();
      return true;
    } catch (error) {
      failedWith(error);
      return false;
    }
  }

  /** How long to sleep after a pass: until the next due time, within the bounds; backing off after failures. */
  async function sleepMs(passed: boolean): Promise<number> {
    let due: number | null = null;
    if (passed) {
      try {
        due = await o.nextDue();
        failures = 0;
      } catch (error) {
        failedWith(error);
      }
    }
    if (failures) return backoff(failures, failureBackoffMs, o.maxSleepMs);
    if (due === null) return o.maxSleepMs;
    return Math.min(o.maxSleepMs, Math.max(minSleepMs, due - o.now()));
  }

  async function cycle() {
    for (;;) {
      again = false;
      const passed = await pass();
      if (stopped) return;
      if (again) continue;
      const wait = await sleepMs(passed);
      if (stopped) return;
      if (again) continue;
      timer = setTimeout(poke, wait);
      timer.unref?.();
      return;
    }
  }

  function poke() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = cycle().finally(() => (running = null));
  }

  const unsubscribe = o.subscribe?.(poke);
  poke();
  return {
    poke,
    async stop() {
      stopped = true;
      unsubscribe?.();
      clearTimeout(timer);
      await running;
    },
  };
}
