// Which operations add work to a worker's queue, and the wake-up that follows them: in this process once
// the operation has committed, and on PostgreSQL in the other instances too (NOTIFY, sent at commit).
// The workers still look at the database's next due time, so a wake-up lost costs a few seconds, nothing more.

export type Queue = 'calls' | 'outbox';
export const QUEUES: readonly Queue[] = ['calls', 'outbox'];

/**
 * The operations that can add work, by `repository.operation` (a CRM event queued). A new lead's call is
 * not among them: the request that made it pokes the call worker itself, to answer with the first attempt.
 */
const ADDS: Readonly<Record<string, readonly Queue[]>> = {
  'leads.add': ['outbox'],
  'calls.record': ['outbox'],
  'calls.update': ['outbox'],
  // An erasure queues lead.erased.
  'erasure.phone': ['outbox'],
};

export const queuesAddedBy = (repo: string, op: string): readonly Queue[] => ADDS[`${repo}.${op}`] ?? [];

/**
 * The ones other instances hear of (PostgreSQL NOTIFY): a new lead's. A call's outcome and the provider's
 * events come in bursts and are handled by the instance that wrote them, whose outbox they wake; a NOTIFY
 * would add a commit-time lock to each for nothing.
 */
export const queuesNotifiedBy = (repo: string, op: string): readonly Queue[] =>
  `${repo}.${op}` === 'leads.add' ? queuesAddedBy(repo, op) : [];

/** The PostgreSQL channel of a queue. */
export const channelOf = (queue: Queue) => `ai_widgets_${queue}`;

export type QueueSignals = {
  /** Calls `wake` whenever work is added to `queue`; returns what stops it. */
  onAdded(queue: Queue, wake: () => void): () => void;
  /** Tells this process's listeners that work was added. */
  added(queue: Queue): void;
  /** Wraps an operation runner so each operation that adds work signals once it is done. */
  signalling<A extends unknown[]>(
    run: (repo: string, op: string, ...rest: A) => Promise<unknown>,
  ): (repo: string, op: string, ...rest: A) => Promise<unknown>;
};

export function queueSignals(): QueueSignals {
  const listeners = new Map<Queue, Set<() => void>>();
  const added = (queue: Queue) => {
    for (const wake of listeners.get(queue) ?? []) wake();
  };
  return {
    onAdded(queue, wake) {
      const set = listeners.get(queue) ?? new Set();
      listeners.set(queue, set);
      set.add(wake);
      return () => void set.delete(wake);
    },
    added,
    signalling:
      (run) =>
      async (repo, op, ...rest) => {
        const value = await run(repo, op, ...rest);
        for (const queue of queuesAddedBy(repo, op)) added(queue);
        return value;
      },
  };
}
