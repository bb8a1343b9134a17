import type { DemoRequestStrings } from '../lib/strings';
import { lazyComponent } from '../react/lazy-load';
import { renderView } from '../react/view';
import type { PhoneFieldProps } from './PhoneField';
import { phonePlaceholderView } from './view';

/** Stands where the phone input will be, until its chunk has loaded: the shell's drawing of it. */
export const PhonePlaceholder = ({ t, country }: { t: DemoRequestStrings; country: string }) =>
  renderView(phonePlaceholderView(t, country));

/** The phone input from its own chunk, with a placeholder while it loads. */
export const LazyPhoneField = lazyComponent<PhoneFieldProps>(() => import('./PhoneField').then((m) => m.default), {
  message: (props) => props.t.phoneLoadError,
  tryAgain: (props) => props.t.tryAgain,
  context: { widget: 'demo-request', stage: 'phone-field-load' },
  fallback: (props) => <PhonePlaceholder t={props.t} country={props.defaultCountry} />,
});
