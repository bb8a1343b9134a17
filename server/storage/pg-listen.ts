// Wakes this instance's workers when another instance adds work (LISTEN on one connection of its own).
// Nothing depends on it: a dropped connection is made again after a pause, and meanwhile the workers
// sleep no longer than their longest sleep; once back, every queue is signalled, for what was missed.
import pg from 'pg';
import { channelOf, QUEUES, type QueueSignals } from './queues.ts';

const RECONNECT_MS = 5000;

export function listenForWork(
  url: string,
  {
    signals,
    instance,
    timeoutMs,
    reconnectMs = RECONNECT_MS,
  }: { signals: QueueSignals; instance: string; timeoutMs: number; reconnectMs?: number },
) {
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  let everConnected = false;

  const drop = (client: pg.Client) => {
    if (current === client) current = null;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    if (!closed && !retry) retry = setTimeout(connect, reconnectMs);
    retry?.unref?.();
  };

  async function connect() {
    retry = undefined;
    if (closed) return;
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: timeoutMs,
      application_name: 'ai-agent-widgets-listen',
    });
    let dropped = false;
    const once = () => {
      if (dropped) return;
      dropped = true;
      drop(client);
    };
    client.on('error', once);
    client.on('end', once);
    client.on('notification', ({ channel, payload }) => {
      // This instance's own work has woken its workers already.
      if (payload === instance) return;
      const queue = QUEUES.find((q) => channelOf(q) === channel);
      if (queue) signals.added(queue);
    });
    try {
      await client.connect();
      for (const queue of QUEUES) await client.query(`LISTEN ${channelOf(queue)}`);
      if (closed) return void client.end().catch(() => {});
      current = client;
      // What was added while no one listened is looked for at once.
      if (everConnected) for (const queue of QUEUES) signals.added(queue);
      everConnected = true;
    } catch {
      once();
    }
  }

  void connect();
  return {
    /** Whether notifications are being heard right now (for tests). */
    listening: () => current !== null,
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}
