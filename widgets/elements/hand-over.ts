/**
 * The hand-over from a widget's first paint (the shell) to React: when React may come (a press under
 * way made first), and what moves to React's controls, a shell control and React's matching one
 * carrying the same `data-control` name.
 */
export const FOCUSABLE = 'button, input, select, textarea, [tabindex]';
/** The hand-over marker: a shell control and React's matching one carry the same `data-control`. */
export const controlOf = (node: Element | null | undefined) =>
  node?.closest?.('[data-control]')?.getAttribute('data-control') ?? null;
// Control names are plain words (`mic`, `accept`); no CSS.escape, which some test DOMs (jsdom) lack.
export const byControl = (root: ShadowRoot, name: string) =>
  /^[\w-]+$/.test(name) ? root.querySelector<HTMLElement>(`[data-control="${name}"]`) : null;

/** What a native shell control kept on its own: a choice, a ticked box, typed text and its caret. */
interface Kept {
  control: string;
  checked?: boolean;
  value?: string;
  selection?: [start: number | null, end: number | null];
}

/** The shell's form controls (marked with `data-control`) that the visitor changed. */
export function keptByControls(nodes: Node[]): Kept[] {
  const kept: Kept[] = [];
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    for (const input of node.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input[data-control], textarea[data-control]',
    )) {
      const control = input.getAttribute('data-control')!;
      if (input instanceof HTMLInputElement && (input.type === 'radio' || input.type === 'checkbox')) {
        if (input.checked !== input.defaultChecked) kept.push({ control, checked: input.checked });
      } else if (input.value !== input.defaultValue)
        kept.push({ control, value: input.value, selection: [input.selectionStart, input.selectionEnd] });
    }
  }
  return kept;
}

/**
 * Gives React's matching controls what the shell's kept, through the events React listens to, so
 * its state follows: a click for a box or radio, an input event for text (then the caret back).
 */
export function handOver(root: ShadowRoot, kept: Kept[]) {
  // The native setter, so React's value tracking sees the input event as a change.
  const setters = [HTMLInputElement, HTMLTextAreaElement].map(
    (type) => [type, Object.getOwnPropertyDescriptor(type.prototype, 'value')!.set!] as const,
  );
  for (const { control, checked, value, selection } of kept) {
    const target = byControl(root, control) as HTMLInputElement | HTMLTextAreaElement | null;
    const setValue = setters.find(([type]) => target instanceof type)?.[1];
    if (!target || !setValue) continue;
    if (checked !== undefined) {
      if (!(target instanceof HTMLInputElement)) continue;
      if (target.checked !== checked) target.click();
      continue;
    }
    setValue.call(target, value);
    target.dispatchEvent(new Event('input', { bubbles: true }));
    if (selection && root.activeElement === target) target.setSelectionRange(selection[0], selection[1]);
  }
}

/** Presses each control once React has drawn it (a press may bring the next control, as Accept follows the button). */
export async function replay(root: ShadowRoot, controls: string[]) {
  for (const control of controls) {
    let target = byControl(root, control);
    for (let tries = 0; !target && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      target = byControl(root, control);
    }
    target?.click();
  }
}

// What React's chunk waits for, for a widget that asks (`holdReact`): a press under way, then what it set going.
/** The longest React waits (a microphone prompt can take a visitor seconds to answer). */
export const HOLD_MS = 2000;

/** Settles when `hold` has (fulfilled or not), or after `HOLD_MS`. */
export function capped(hold: Promise<unknown> | void): Promise<unknown> | void {
  if (!hold) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise((resolve) => (timer = setTimeout(resolve, HOLD_MS)));
  return Promise.race([hold.catch(() => {}), cap]).finally(() => clearTimeout(timer));
}

/**
 * Settles once no press is under way on `container`: a finger or key still down on a control (a tap
 * lasts about 100 ms, longer than the SDK may take to arrive) has made its click, or let go (at most `HOLD_MS`).
 */
export async function pressMade(container: ShadowRoot, held: () => boolean): Promise<void> {
  // A task on: the pointerdown that brought us here has reached every listener (the renderer's notes `held`).
  await new Promise((resolve) => setTimeout(resolve));
  if (!held()) return;
  await new Promise<void>((resolve) => {
    const stop = new AbortController();
    // A task after the click: the shell's own listener has handled the press by then.
    const done = () => setTimeout(() => (stop.abort(), resolve()));
    for (const type of ['click', 'pointercancel'] as const)
      container.addEventListener(type, done, { signal: stop.signal });
    setTimeout(done, HOLD_MS);
  });
}
