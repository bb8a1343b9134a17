/**
 * JSX typing for React 19 users: the tags with their kebab-case attributes and `on<event>` listeners.
 * React 19 sets known properties, passes other props as attributes, and treats `on<event-name>` as a listener.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { DemoRequestErrorDetail, DemoRequestSubmitDetail, DemoRequestSuccessDetail } from './demo-request/contract';
import type { FeedbackErrorDetail, FeedbackFields } from './feedback/contract';
import type { VoiceClient, VoiceDemoErrorDetail } from './voice-demo/contract';

type Base = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & { class?: string };
type Listener<D> = (event: CustomEvent<D>) => void;

export interface VoiceDemoJsx extends Base {
  'public-key'?: string;
  'assistant-id'?: string;
  'api-url'?: string;
  client?: VoiceClient;
  'onai-voice-demo-start'?: Listener<Record<string, never>>;
  'onai-voice-demo-end'?: Listener<Record<string, never>>;
  'onai-voice-demo-error'?: Listener<VoiceDemoErrorDetail>;
}

export interface FeedbackJsx extends Base {
  'backend-url'?: string;
  'onai-feedback-submit'?: Listener<FeedbackFields>;
  'onai-feedback-success'?: Listener<FeedbackFields>;
  'onai-feedback-error'?: Listener<FeedbackErrorDetail>;
}

export interface DemoRequestJsx extends Base {
  'backend-url'?: string;
  'default-country'?: string;
  'brand-name'?: string;
  'onai-demo-request-submit'?: Listener<DemoRequestSubmitDetail>;
  'onai-demo-request-success'?: Listener<DemoRequestSuccessDetail>;
  'onai-demo-request-error'?: Listener<DemoRequestErrorDetail>;
}

declare module 'react' {
  // React's JSX typing lives in a namespace; augmenting it needs one.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'ai-voice-demo': VoiceDemoJsx;
      'ai-feedback': FeedbackJsx;
      'ai-demo-request': DemoRequestJsx;
    }
  }
}
