import { existsSync } from 'node:fs';
import { startPreview } from '../../server/preview.mjs';
import { PREVIEW_PORT, STUB_PORT } from '../support/ports';
import { startStubServer } from '../support/stub-server';

/** Starts the example server and the service stubs; the returned function stops them. */
export default async function globalSetup() {
  for (const file of ['dist/widgets/ai-widgets.js', 'dist/site/index.html'])
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  const servers = await Promise.all([startPreview(PREVIEW_PORT), startStubServer(STUB_PORT)]);
  return async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  };
}
