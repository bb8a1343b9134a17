// Worker threads start from JavaScript: from source (tests, `npm start`), this runs the TypeScript
// thread (./sqlite-thread.ts) as one bundle, made once and kept until a source changes.
import { fileURLToPath } from 'node:url';
import { sourceBundle } from '../../build/source-bundle.mjs';

await import(await sourceBundle(fileURLToPath(new URL('./sqlite-thread.ts', import.meta.url))));
