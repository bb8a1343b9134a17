/**
 * `ai-agent-widgets/demo-request`: the demo request form alone. Registers nothing on import: call
 * `defineDemoRequest()` for `<ai-demo-request>`, or `defineDemoRequest('acme-demo')` for a tag of your own.
 */
export { AIDemoRequestElement, defineDemoRequest } from './element';
export type {
  DemoRequestErrorDetail,
  DemoRequestProps,
  DemoRequestSubmitDetail,
  DemoRequestSuccessDetail,
} from './contract';
export type { AgentId, DemoAgent } from './agents';
export type { CallAnswer as CallOutcome } from '../../model/calls';
export type { Lang } from '../lib/lang';
