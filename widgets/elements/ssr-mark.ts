/** Marks the `<style>` of a first paint printed on the server, with the package version that printed it. */
export const SSR_MARK = 'data-ai-widgets-ssr';

/** The version this code is: a newer script draws older HTML again instead of adopting it. */
export const SSR_VERSION: string = typeof __WIDGETS_VERSION__ === 'string' ? __WIDGETS_VERSION__ : 'dev';

/** Whether a shadow root holds a first paint this version printed (and may be adopted as it is). */
export const printedByUs = (root: ShadowRoot): boolean =>
  root.querySelector(`style[${SSR_MARK}]`)?.getAttribute(SSR_MARK) === SSR_VERSION;
