/**
 * Every widget, once. Each line names a widget's tag, its element class (exported by
 * `widgets/<entry>/element.ts`, beside `define<Name>()`, `AI<Name>Element` giving `<Name>`) and its
 * entry: the widget's folder, whose `index.ts` is the package's `ai-agent-widgets/<entry>`.
 *
 * Everything else that knows the widgets derives from this list: the tag type, the page script's
 * and the loader's tags and the build's entries read it; `npm run build:registry` writes from it what
 * needs a name per widget (the entries, the SSR classes, the React wrappers, the JSX maps, the
 * command's usage, package.json's `exports`), and a test fails when those are behind. This file
 * imports nothing, so the element layer, the build and the service's scripts can all read it.
 * `npm run new-widget -- <name>` adds a folder and its line.
 */
export const WIDGETS = [
  { tag: 'ai-voice-demo', element: 'AIVoiceDemoElement', entry: 'voice-demo' },
  { tag: 'ai-feedback', element: 'AIFeedbackElement', entry: 'feedback' },
  { tag: 'ai-demo-request', element: 'AIDemoRequestElement', entry: 'demo-request' },
] as const satisfies readonly { tag: `ai-${string}`; element: `AI${string}Element`; entry: string }[];

/** A tag of ours. */
export type WidgetTag = (typeof WIDGETS)[number]['tag'];

/** Every tag of ours, in the registry's order. */
// Pure: a bundle that does not read the list leaves it out.
export const WIDGET_TAGS: readonly WidgetTag[] = /* @__PURE__ */ WIDGETS.map((widget) => widget.tag);
