/*
 * Compiled by `npm run typecheck`: fails when the JSX typing stops matching the props contracts
 * and the typed events (a new attribute, a renamed event, a detail type changed).
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { DemoRequestJsx, FeedbackJsx, VoiceDemoJsx } from './jsx';

type Own<T> = Exclude<keyof T, keyof DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> | 'class'>;
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type Checks = [
  Expect<Equal<Own<VoiceDemoJsx>, 'public-key' | 'assistant-id' | 'api-url' | 'captions' | 'consent-text' | 'connect-timeout' | 'client' | 'onai-voice-demo-start' | 'onai-voice-demo-end' | 'onai-voice-demo-error'>>,
  Expect<Equal<Own<FeedbackJsx>, 'backend-url' | 'onai-feedback-submit' | 'onai-feedback-success' | 'onai-feedback-error'>>,
  Expect<Equal<Own<DemoRequestJsx>, 'backend-url' | 'default-country' | 'countries' | 'brand-name' | 'consent-text' | 'consent-version' | 'turnstile-site-key' | 'metadata' | 'onai-demo-request-submit' | 'onai-demo-request-success' | 'onai-demo-request-error'>>,
];

export const voice: VoiceDemoJsx = {
  'public-key': 'pk',
  'onai-voice-demo-error': (event) => void event.detail.code.startsWith('microphone'),
};
// @ts-expect-error a detail property the event does not have
export const wrongDetail: VoiceDemoJsx = { 'onai-voice-demo-error': (event) => event.detail.reason };
// @ts-expect-error camelCase is a property name, not an attribute
export const camel: FeedbackJsx = { backendUrl: '/api' };
