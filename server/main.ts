// The production start (`npm run serve`, the container's command): read the settings, open the store,
// serve, and stop cleanly on SIGTERM or SIGINT. Builds nothing: the build is made beforehand.
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { connectionLine, connections } from './config/connections.ts';
import { configOrExit, ROOT } from './config/settings.ts';
import { loadEnvFile } from './config/env-file.ts';
import { startService } from './service.ts';
import { DatabaseUnreachableError, openStore } from './storage/index.ts';

loadEnvFile();
const config = configOrExit();
// Before this database had its name, it was data/feedback.db: such a file is taken over as it is.
const legacy = join(ROOT, 'data', 'feedback.db');
if (!process.env.DATABASE_PATH?.trim() && !existsSync(config.databasePath) && existsSync(legacy)) {
  for (const suffix of ['', '-wal', '-shm'])
    if (existsSync(legacy + suffix)) renameSync(legacy + suffix, config.databasePath + suffix);
  console.warn(`Renamed ${legacy} to ${config.databasePath}.`);
}
// A database that cannot be reached is the operator's to fix: one line with its host and port, no stack.
const store = await openStore(config).catch((error: unknown) => {
  if (!(error instanceof DatabaseUnreachableError)) throw error;
  console.error(`Cannot start: ${error.message}`);
  process.exit(1);
});
const { app, drain } = await startService(config, store);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  // SIGTERM is a roll-out or a scale-down: /api/ready turns 503 and the instance keeps serving for DRAIN_MS,
  // so the proxy's health checks take it out before it stops accepting. Ctrl-C (SIGINT) stops at once.
  if (signal === 'SIGTERM' && config.drainMs > 0) {
    drain();
    app.log.info(`${signal}: /api/ready answers 503; serving ${config.drainMs} ms more, then closing`);
    await new Promise((resolve) => setTimeout(resolve, config.drainMs));
  }
  app.log.info(`${signal}: finishing requests in flight, then closing`);
  try {
    // Stops accepting connections, waits for requests in flight, then lets the workers finish.
    await app.close();
  } finally {
    await store.close();
  }
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

/** The first port after `port` on `host` that can be listened on now (of the next 50), or null. */
async function freePortAfter(host: string, port: number): Promise<number | null> {
  const { createServer } = await import('node:net');
  for (let next = port + 1; next <= Math.min(port + 50, 65_535); next++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => resolve(false))
        .listen(next, host, () => probe.close(() => resolve(true)));
    });
    if (free) return next;
  }
  return null;
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    // A port offered is one that is free now, not merely the next number.
    const free = await freePortAfter(config.host, config.port);
    console.error(
      `Cannot start: ${config.host}:${config.port} is ${code === 'EADDRINUSE' ? 'already in use' : 'not allowed'}. Set PORT (or HOST) to another value${free ? `, e.g. PORT=${free} (free now)` : ''}.`,
    );
    await app.close().catch(() => {});
    await store.close();
    process.exit(1);
  }
  throw error;
}
console.log(`\n  Site:             ${config.publicUrl}/`);
console.log(`  Widget examples:  ${config.publicUrl}/examples/`);
console.log(
  `  Sales desk:       ${config.publicUrl}/desk (an account: npm run -s desk-user -- add --email you@your-company.example)`,
);
// What is connected, each said (npm run doctor asks the providers themselves).
for (const connection of connections(config)) console.log(connectionLine(connection));
console.log(`  Store:            ${store.path}\n`);
