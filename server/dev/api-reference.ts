// `npm run docs` (its second step): writes docs/api-reference.md from the document a service with the
// default settings publishes, on a database of its own that is thrown away after. `--check` only says
// whether the file is behind (exit 1).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiReference, type ReferenceDocument } from '../http/api-reference.ts';
import { loadConfig, ROOT } from '../config/settings.ts';
import { startService } from '../service.ts';
import { openStore } from '../storage/index.ts';

const FILE = join(ROOT, 'docs/api-reference.md');
const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-reference-'));
try {
  const config = loadConfig(
    { DATABASE_PATH: join(dir, 'service.sqlite'), LOG_LEVEL: 'silent', DIST_DIR: dir },
    () => {},
  );
  const store = await openStore(config, { fsync: false, reader: false });
  const { app } = await startService(config, store);
  await app.ready();
  const text = apiReference(app.swagger() as unknown as ReferenceDocument);
  await app.close();
  await store.close();
  const current = (() => {
    try {
      return readFileSync(FILE, 'utf8');
    } catch {
      return '';
    }
  })();
  if (process.argv.includes('--check')) {
    if (current !== text) console.error('docs/api-reference.md is behind the contract: run npm run docs.');
    process.exitCode = current === text ? 0 : 1;
  } else if (current !== text) writeFileSync(FILE, text);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
