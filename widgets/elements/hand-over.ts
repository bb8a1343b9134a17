/**
 * The hand-over from a widget's first paint (the shell) to React's controls: a shell control and
 * React's matching one carry the same `data-control` name.
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
