/**
 * `ai-agent-widgets/demo-request`: the demo request form alone. Registers nothing on import: call
 * `defineDemoRequest()` for `<ai-demo-request>`, or `defineDemoRequest('acme-demo')` for a tag of your own.
 */
// Written by `npm run build:registry` from widgets/registry.ts: edit that list (or the widget), not this file.
export { AIDemoRequestElement, defineDemoRequest } from '../demo-request/index';
export type * from '../demo-request/index';
