import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoff, retryAt, startLeasedJobs, type LeasedJobsOptions } from './jobs.ts';

beforeEach(() => void vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => void vi.useRealTimers());

/** A queue of jobs with due times, claimed as the real ones are: due ones, a batch at a time. */
function queue(overrides: Partial<LeasedJobsOptions<number>> = {}) {
  const due = new Map<number, number>();
  const ran: number[] = [];
  const claims: number[] = [];
  let wake: (() => void) | null = null;
  const options: LeasedJobsOptions<number> = {
    claim: async () => {
      claims.push(Date.now());
      const batch = [...due]
        .filter(([, at]) => at <= Date.now())
        .slice(0, 2)
        .map(([job]) => job);
      for (const job of batch) due.delete(job);
      return batch;
    },
    run: async (job) => void ran.push(job),
    failed: vi.fn(),
    nextDue: async () => (due.size ? Math.min(...due.values()) : null),
    passFailed: vi.fn(),
    subscribe: (w) => ((wake = w), () => (wake = null)),
    now: Date.now,
    maxSleepMs: 5000,
    ...overrides,
  };
  const add = (job: number, inMs = 0) => due.set(job, Date.now() + inMs);
  return { options, due, ran, claims, add, wake: () => wake?.(), subscribed: () => wake !== null };
}

describe('backoff and giving up', () => {
  it('doubles the wait from the base, up to the most', () => {
    expect([1, 2, 3, 4, 5].map((a) => backoff(a, 100, 1000))).toEqual([100, 200, 400, 800, 1000]);
    expect(backoff(1, 250)).toBe(250);
  });
  it('gives a time to try again until the last attempt, then gives up', () => {
    const policy = { baseMs: 100, maxAttempts: 3 };
    expect(retryAt(1, 5000, policy)).toBe(5100);
    expect(retryAt(2, 5000, policy)).toBe(5200);
    expect(retryAt(3, 5000, policy)).toBeNull();
  });
});

describe('the leased-job loop', () => {
  it("claims batch after batch until nothing is due, then runs the pass's end once", async () => {
    const q = queue();
    [1, 2, 3, 4, 5].forEach((job) => q.add(job));
    const after = vi.fn(async () => {});
    const jobs = startLeasedJobs({ ...q.options, after });
    await vi.advanceTimersByTimeAsync(0);
    expect(q.ran).toEqual([1, 2, 3, 4, 5]);
    // Three batches and the empty claim that ends the pass.
    expect(q.claims).toHaveLength(4);
    expect(after).toHaveBeenCalledTimes(1);
    await jobs.stop();
  });

  it('runs one more pass after a poke that came during a pass, and never two passes at once', async () => {
    const q = queue();
    let release = () => {};
    let inFlight = 0;
    let most = 0;
    const jobs = startLeasedJobs({
      ...q.options,
      run: async (job) => {
        inFlight++;
        most = Math.max(most, inFlight);
        if (job === 1) await new Promise<void>((r) => (release = r));
        q.ran.push(job);
        inFlight--;
      },
    });
    q.add(1);
    jobs.poke();
    await vi.advanceTimersByTimeAsync(0);
    // Job 1 is under way; job 2 arrives and the producer pokes.
    q.add(2);
    jobs.poke();
    jobs.poke();
    await vi.advanceTimersByTimeAsync(0);
    expect(q.ran).toEqual([]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(q.ran).toEqual([1, 2]);
    expect(most).toBe(1);
    await jobs.stop();
  });

  it('sleeps until the next due time, and no longer than the longest sleep', async () => {
    const q = queue();
    q.add(1, 1200);
    const jobs = startLeasedJobs(q.options);
    await vi.advanceTimersByTimeAsync(0);
    const looked = q.claims.length;
    await vi.advanceTimersByTimeAsync(1199);
    expect(q.claims).toHaveLength(looked);
    expect(q.ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(q.ran).toEqual([1]);
    // Nothing due: it looks again after the longest sleep only.
    const idle = q.claims.length;
    await vi.advanceTimersByTimeAsync(4999);
    expect(q.claims).toHaveLength(idle);
    await vi.advanceTimersByTimeAsync(1);
    expect(q.claims).toHaveLength(idle + 1);
    // A due time far off is capped too, so work another instance leaves is found.
    q.add(2, 60_000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(q.claims).toHaveLength(idle + 2);
    await jobs.stop();
  });

  it('never spins on a due time the claim does not agree with', async () => {
    const q = queue({ nextDue: async () => 0, minSleepMs: 20 });
    const jobs = startLeasedJobs(q.options);
    await vi.advanceTimersByTimeAsync(100);
    expect(q.claims.length).toBeLessThanOrEqual(6);
    await jobs.stop();
  });

  it('is woken by work added elsewhere, at once', async () => {
    const q = queue();
    const jobs = startLeasedJobs(q.options);
    await vi.advanceTimersByTimeAsync(0);
    q.add(7);
    q.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(q.ran).toEqual([7]);
    await jobs.stop();
    expect(q.subscribed()).toBe(false);
  });

  it('reports a job that throws and goes on with the others', async () => {
    const q = queue();
    q.add(1);
    q.add(2);
    const jobs = startLeasedJobs({
      ...q.options,
      run: async (job) => (job === 1 ? Promise.reject(new Error('boom')) : void q.ran.push(job)),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(q.options.failed).toHaveBeenCalledWith(1, expect.objectContaining({ message: 'boom' }));
    expect(q.ran).toEqual([2]);
    await jobs.stop();
  });

  it('backs off while the database fails, and sleeps until the next due time once it answers', async () => {
    let down = true;
    const q = queue();
    const claim = q.options.claim;
    const jobs = startLeasedJobs({
      ...q.options,
      claim: async () => (down ? Promise.reject(new Error('unreachable')) : claim()),
      failureBackoffMs: 100,
    });
    await vi.advanceTimersByTimeAsync(0);
    const tries = () => (q.options.passFailed as ReturnType<typeof vi.fn>).mock.calls.length;
    expect(tries()).toBe(1);
    // Tries after 100, 200, 400 ms: three more by 700 ms.
    await vi.advanceTimersByTimeAsync(700);
    expect(tries()).toBe(4);
    await vi.advanceTimersByTimeAsync(799);
    expect(tries()).toBe(4);
    down = false;
    q.add(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(q.ran).toEqual([3]);
    expect(tries()).toBe(4);
    await jobs.stop();
  });

  it('stop waits for the pass under way, and nothing starts after it', async () => {
    const q = queue();
    let release = () => {};
    const jobs = startLeasedJobs({
      ...q.options,
      run: (job) => new Promise<void>((r) => (release = () => (q.ran.push(job), r()))),
    });
    q.add(1);
    jobs.poke();
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(q.ran).toEqual([1]);
    const claims = q.claims.length;
    q.add(2);
    jobs.poke();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(q.claims).toHaveLength(claims);
    expect(q.ran).toEqual([1]);
  });
});
