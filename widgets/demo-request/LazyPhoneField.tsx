import { useLayoutEffect, useRef } from 'react';
import type { DemoRequestStrings } from './strings';
import { lazyComponent } from '../react/lazy-load';
import { renderView } from '../react/view';
import type { PhoneDraft, PhoneFieldProps } from './PhoneField';
import { phonePlaceholderView } from './view';

interface PlaceholderProps {
  t: DemoRequestStrings;
  country: string;
  /** What has been typed in it, kept by the form for the library's field to take over. */
  draft?: PhoneDraft | null;
  onDraft?(draft: PhoneDraft): void;
  /** Where it stood as it left (text, caret, focus), for the library's field to take over in the same commit. */
  hand?: { current: PhoneDraft | null };
}

/**
 * Stands where the phone input will be, until its chunk has loaded: the shell's drawing of it,
 * with a live input whose text, caret and focus the form keeps for the library's field. Drawn
 * again as the chunk is asked for (Suspense's fallback), it takes focus back where it was.
 */
export function PhonePlaceholder({ t, country, draft, onDraft, hand }: PlaceholderProps) {
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const field = input.current;
    // The caret as it leaves: React hears no selection change inside a shadow root.
    const leave = () => {
      if (hand && field)
        hand.current = {
          text: field.value,
          caret: field.selectionStart,
          focused: (field.getRootNode() as ShadowRoot | Document).activeElement === field,
        };
    };
    if (!draft?.focused || !field || (field.getRootNode() as ShadowRoot | Document).activeElement === field)
      return leave;
    field.focus();
    const at = hand?.current?.caret ?? draft.caret ?? field.value.length;
    field.setSelectionRange(at, at);
    return leave;
    // Once, as it is drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // At focus the caret is not placed yet (a click places it after): null, the end, until it is.
  const keep =
    (focused: boolean, placed = true) =>
    (e: { currentTarget: HTMLInputElement }) =>
      onDraft?.({ text: e.currentTarget.value, caret: placed ? e.currentTarget.selectionStart : null, focused });
  return renderView(phonePlaceholderView(t, country), (attrs) =>
    attrs['data-control'] === 'phone' && onDraft
      ? {
          ref: input,
          value: draft?.text ?? attrs.value,
          onChange: keep(true),
          onSelect: keep(true),
          onFocus: keep(true, false),
          onBlur: keep(false),
        }
      : undefined,
  );
}

/** The phone input from its own chunk, with a placeholder while it loads. */
export const LazyPhoneField = lazyComponent<PhoneFieldProps>(() => import('./PhoneField').then((m) => m.default), {
  message: (props) => props.t.phoneLoadError,
  tryAgain: (props) => props.t.tryAgain,
  context: { widget: 'demo-request', stage: 'phone-field-load' },
  fallback: (props) => (
    <PhonePlaceholder
      t={props.t}
      country={props.defaultCountry}
      draft={props.draft}
      onDraft={props.onDraft}
      hand={props.hand}
    />
  ),
});
