// Worker threads start from JavaScript: this loads the TypeScript thread (./sqlite-thread.ts) through tsx.
import { tsImport } from 'tsx/esm/api';

await tsImport('./sqlite-thread.ts', import.meta.url);
