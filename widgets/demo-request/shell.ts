import type { LazyWidget } from '../elements/renderer';
import type { Localized } from '../lib/strings';
import type { DemoRequestProps } from './contract';
import { demoRequestView } from './view';

type Props = DemoRequestProps & Localized;

/**
 * `<ai-demo-request>` before React: the whole form at rest, in the first paint. Its controls are
 * native (radios, a text input, a checkbox) and keep what the visitor does on their own; at the
 * swap the renderer moves their values, focus and caret to React's matching controls. No press
 * is replayed: the values already say everything (a replayed click would untick the consent).
 */
export const demoRequestShell = {
  shell: (props: Props) => demoRequestView(props),
  onShellPress: (_controls: string[], props: Props) => ({ shell: demoRequestView(props), replay: [] }),
} satisfies Partial<LazyWidget<Props>>;
