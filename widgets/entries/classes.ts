// Written by `npm run build:registry` from widgets/registry.ts: edit that list (or the widget), not this file.
import type { WidgetTag } from '../registry';
import { AIVoiceDemoElement } from '../voice-demo/element';
import { AIFeedbackElement } from '../feedback/element';
import { AIDemoRequestElement } from '../demo-request/element';

/** Each widget's element class by its tag: what `renderElement` prints and the JSX typings type. */
export const CLASSES = {
  'ai-voice-demo': AIVoiceDemoElement,
  'ai-feedback': AIFeedbackElement,
  'ai-demo-request': AIDemoRequestElement,
} satisfies Record<WidgetTag, unknown>;
