/*
 * Compiled by `npm run typecheck`: fails when the JSX typing or the elements' types stop matching
 * the element classes' declarations and the typed events (a new attribute, a renamed event, a
 * detail type changed, a method renamed).
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { DemoRequestJsx, FeedbackJsx, VoiceDemoJsx } from './jsx';

type Own<T> = Exclude<keyof T, keyof DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> | 'class'>;
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type Checks = [
  Expect<
    Equal<
      Own<VoiceDemoJsx>,
      | 'public-key'
      | 'assistant-id'
      | 'api-url'
      | 'backend-url'
      | 'embed'
      | 'agent-id'
      | 'turnstile-site-key'
      | 'captions'
      | 'consent-text'
      | 'connect-timeout'
      | 'label'
      | 'fallback-href'
      | 'privacy-href'
      | 'mode'
      | 'greeting'
      | 'simulate'
      | 'variant'
      | 'placement'
      | 'launcher-label'
      | 'invite'
      | 'invite-after'
      | 'suggestions'
      | 'client'
      | 'tools'
      | 'tool-timeout'
      | 'tool-origins'
      | 'onai-voice-demo-start'
      | 'onai-voice-demo-end'
      | 'onai-voice-demo-error'
      | 'onai-voice-demo-message'
      | 'onai-voice-demo-tool'
    >
  >,
  Expect<
    Equal<
      Own<FeedbackJsx>,
      'backend-url' | 'embed' | 'onai-feedback-submit' | 'onai-feedback-success' | 'onai-feedback-error'
    >
  >,
  Expect<
    Equal<
      Own<DemoRequestJsx>,
      | 'backend-url'
      | 'embed'
      | 'default-country'
      | 'brand-name'
      | 'consent-text'
      | 'privacy-href'
      | 'consent-version'
      | 'turnstile-site-key'
      | 'countries'
      | 'metadata'
      | 'onai-demo-request-submit'
      | 'onai-demo-request-success'
      | 'onai-demo-request-error'
    >
  >,
  Expect<Equal<VoiceDemoJsx['captions'], boolean | undefined>>,
  Expect<Equal<VoiceDemoJsx['connect-timeout'], number | undefined>>,
  Expect<Equal<HTMLElementTagNameMap['ai-voice-demo']['start'], () => Promise<void>>>,
  Expect<Equal<HTMLElementTagNameMap['ai-feedback']['open'], () => Promise<void>>>,
  Expect<Equal<HTMLElementTagNameMap['ai-demo-request']['reset'], () => Promise<void>>>,
];

export const voice: VoiceDemoJsx = {
  'public-key': 'pk',
  captions: true,
  'connect-timeout': 10,
  'onai-voice-demo-error': (event) => void event.detail.code.startsWith('microphone'),
};
// @ts-expect-error a detail property the event does not have
export const wrongDetail: VoiceDemoJsx = { 'onai-voice-demo-error': (event) => event.detail.reason };
// @ts-expect-error camelCase is a property name, not an attribute
export const camel: FeedbackJsx = { backendUrl: '/api' };
// @ts-expect-error connect-timeout is a number
export const timeoutText: VoiceDemoJsx = { 'connect-timeout': '10' };

export function methods(
  voiceDemo: HTMLElementTagNameMap['ai-voice-demo'],
  feedback: HTMLElementTagNameMap['ai-feedback'],
) {
  void voiceDemo.start().then(() => voiceDemo.end());
  // @ts-expect-error the voice demo has start() and end(), not stop()
  voiceDemo.stop();
  // @ts-expect-error captions is a boolean
  voiceDemo.captions = 'on';
  void feedback.open();
  feedback.close();
}
