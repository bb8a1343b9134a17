import { existsSync } from 'node:fs';
import { startPreview } from '../../server/preview.mjs';
import { PREVIEW_PORT, STUB_PORT } from '../support/ports';
import { startStubServer } from '../support/stub-server';

/** Starts the example server and the service stubs; the returned function stops them. */
export default async function globalSetup() {
  if (!existsSync('dist/widgets/ai-widgets.js')) throw new Error('Build the widgets first: npm run build');
  const servers = await Promise.all([startPreview(PREVIEW_PORT), startStubServer(STUB_PORT)]);
  return async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  };
}
