import { lazyComponent } from '../shared/lazy-load';
import type { PhoneFieldProps } from './PhoneField';

/** Stands where the phone input will be, until its chunk has loaded. */
export const PhonePlaceholder = () => <input className="text-input" disabled aria-label="Phone Number (loading)" placeholder="Loading phone input…" />;

/** The phone input from its own chunk, with a placeholder while it loads. */
export const LazyPhoneField = lazyComponent<PhoneFieldProps>(() => import('./PhoneField').then((m) => m.default), {
  message: 'The phone field could not load.',
  context: { widget: 'demo-request', stage: 'phone-field-load' },
  fallback: <PhonePlaceholder />,
});
