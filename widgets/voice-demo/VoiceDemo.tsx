import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { renderView } from '../react/view';
import { SEND, type VoiceRenderProps } from './contract';
import { useVoiceCall } from './useVoiceCall';
import { useTyping } from './useTyping';
import { modeOf, suggestionsOf, viewOptions } from './options';
import { voiceView } from './view';
import { notices } from './notices';

/**
 * The live voice demo: one round button, a status bubble, a ring that follows the agent's voice, and
 * the conversation's log; with `mode`, a text field too, typed and spoken turns in one conversation.
 */
export function VoiceDemo(props: VoiceRenderProps) {
  // A refused microphone in `voice` mode may lead to typing: the widget then works as `text`.
  const [typingInstead, setTypingInstead] = useState(false);
  const mode = typingInstead ? 'text' : modeOf(props.mode);
  const call = useVoiceCall(props);
  const { say, retry, end, undo, settle, prefetch } = useTyping(props, call, call.callClient);
  const view = voiceView(call.state, { ...viewOptions(props, call.canMute, call.canSend, mode), notices });
  const root = call.ref;

  const fieldRef = useRef<HTMLTextAreaElement | null>(null);
  /** Sends what the field holds (or `text`, from the element's send()), emptying the field once it went. */
  const submit = useCallback(
    (text?: string) => {
      const input = text === undefined ? fieldRef.current : null;
      const sent = say(text ?? input?.value ?? '');
      if (sent === false) return;
      if (input) input.value = '';
      // Busy or refused: the words come back to the field for one press to send them again.
      void sent.then((back) => {
        const now = fieldRef.current;
        if (back && now && !now.value) now.value = back;
      });
    },
    [say],
  );
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
      event.preventDefault();
      submit();
    },
    [submit],
  );
  const send = useCallback(() => submit(), [submit]);
  const typeInstead = useCallback(() => setTypingInstead(true), []);

  // The log's area is fixed: the newest line is kept in view as lines come, scrolled before the
  // browser paints (a frame drawn between the new line and the scroll would move the lines twice).
  // A notice coming or going (a status) changes the area's height: the newest line stays in view then too.
  const lines = call.state.lines;
  const shown = call.state.status;
  useLayoutEffect(() => {
    const area = root.current?.querySelector('.captions');
    if (area) area.scrollTop = area.scrollHeight;
  }, [lines, root, mode, shown]);
  // Accept or Cancel takes the consent step away with the focused button in it: focus goes back to
  // the microphone button, not to the page.
  const status = call.state.status;
  const was = useRef(status);
  useEffect(() => {
    const from = was.current;
    was.current = status;
    if (from === 'consent' && status !== 'consent') root.current?.querySelector<HTMLElement>('.mic')?.focus();
  }, [status, root]);
  useEffect(() => {
    if (typingInstead) fieldRef.current?.focus();
  }, [typingInstead]);
  // End moves focus to Undo, which is where a keyboard's next press belongs; Undo, or the seconds over, to the field.
  const before = useRef(status);
  useEffect(() => {
    const from = before.current;
    before.current = status;
    const base = root.current;
    if (status === 'ended') base?.querySelector<HTMLElement>('.undo')?.focus();
    // Undo went with the ended conversation: focus stays in the widget, on the field.
    else if (from === 'ended' && base) {
      const shadow = base.getRootNode() as ShadowRoot;
      const active = document.activeElement;
      if (!active || active === document.body || (active === shadow.host && !shadow.activeElement))
        fieldRef.current?.focus();
    }
  }, [status, root]);
  const undoAndFocus = useCallback(() => {
    undo();
    fieldRef.current?.focus();
  }, [undo]);
  // A call begun in an ended conversation begins the next one.
  const press = useCallback(() => (settle(), call.press()), [settle, call]);
  // The element's send(): the same as the visitor's Send, without the field.
  useEffect(() => {
    const base = root.current;
    const listener = (event: Event) => submit(String((event as CustomEvent).detail));
    base?.addEventListener(SEND, listener);
    return () => base?.removeEventListener(SEND, listener);
  }, [root, submit]);

  // A suggested reply goes as the visitor's words; the group goes with it, so focus goes on to the field (or the button).
  const suggest = (words: string) => {
    submit(words);
    (fieldRef.current ?? root.current?.querySelector<HTMLElement>('.mic'))?.focus();
  };
  const suggestions = Object.fromEntries(
    suggestionsOf(props.suggestions).map((words, i) => [`suggestion-${i}`, { onClick: () => suggest(words) }]),
  );
  const handlers: Record<string, Record<string, unknown>> = {
    ...suggestions,
    mic: { onClick: press, onPointerEnter: call.prefetch, onFocus: call.prefetch },
    mute: { onClick: call.toggleMute },
    accept: { onClick: call.accept },
    cancel: { onClick: call.cancel },
    launcher: { onClick: call.toggle, onPointerEnter: call.prefetch, onFocus: call.prefetch },
    fold: { onClick: call.fold },
    'dismiss-invite': { onClick: call.dismissInvite },
    field: { ref: fieldRef, onKeyDown, onFocus: prefetch, onPointerEnter: prefetch },
    send: { onClick: send },
    end: { onClick: end },
    undo: { onClick: undoAndFocus },
    retry: { onClick: retry },
    'type-instead': { onClick: typeInstead },
  };
  return renderView(view, (attrs) =>
    attrs.part === 'base' ? { ref: call.ref } : handlers[attrs['data-control'] ?? ''],
  );
}
