// Resolved with moduleResolution node10 (typesVersions); side-effect imports are checked too.
import 'ai-agent-widgets/script';
import { defineFeedback, type AIFeedbackElement } from 'ai-agent-widgets/feedback';
import { defineDemoRequest, type DemoRequestSubmitDetail } from 'ai-agent-widgets/demo-request';
import type { VoiceDemoErrorDetail } from 'ai-agent-widgets/voice-demo';
import { Feedback } from 'ai-agent-widgets/react';
import type { FeedbackJsx } from 'ai-agent-widgets/jsx';
import type { PreactTags } from 'ai-agent-widgets/jsx/preact';
import type { SolidTags } from 'ai-agent-widgets/jsx/solid';

defineFeedback();
defineDemoRequest('acme-demo');
const feedback: AIFeedbackElement | null = document.querySelector('ai-feedback');
void feedback?.open();
export const seen = (submit: DemoRequestSubmitDetail, error: VoiceDemoErrorDetail) => `${submit.agentId} ${error.code}`;
export const react: FeedbackJsx = { 'backend-url': '/api' };
export const preact: PreactTags['ai-feedback'] = {
  'backend-url': '/api',
  'onai-feedback-success': (event) => void event.detail.email,
};
export const solid: SolidTags['ai-feedback'] = {
  'backend-url': '/api',
  'on:ai-feedback-success': (event) => void event.detail.email,
};
export { Feedback };
