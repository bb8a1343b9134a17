import type { DemoRequestStrings } from '../lib/strings';
import { lazyComponent } from '../react/lazy-load';
import type { PhoneFieldProps } from './PhoneField';

/** Stands where the phone input will be, until its chunk has loaded. */
export const PhonePlaceholder = ({ t }: { t: DemoRequestStrings }) => <input className="text-input" disabled aria-label={t.phoneLoadingLabel} placeholder={t.phoneLoadingPlaceholder} />;

/** The phone input from its own chunk, with a placeholder while it loads. */
export const LazyPhoneField = lazyComponent<PhoneFieldProps>(() => import('./PhoneField').then((m) => m.default), {
  message: (props) => props.t.phoneLoadError,
  tryAgain: (props) => props.t.tryAgain,
  context: { widget: 'demo-request', stage: 'phone-field-load' },
  fallback: (props) => <PhonePlaceholder t={props.t} />,
});
