import type { Plugin } from 'postcss';

/** CSS that ends up in a widget's shadow root: ours, and the phone input's. */
const SHADOW_CSS = /[\\/](widgets|react-phone-number-input)[\\/]/;

/**
 * In a shadow root `:root` matches nothing. Third-party CSS that declares its variables
 * on `:root` (react-phone-number-input does) is rewritten to `:host`; page CSS is left alone.
 */
export function rootToHost(): Plugin {
  return {
    postcssPlugin: 'root-to-host',
    Once(root) {
      if (!SHADOW_CSS.test(root.source?.input.file ?? '')) return;
      root.walkRules((rule) => {
        if (rule.selector.includes(':root')) rule.selector = rule.selector.replaceAll(':root', ':host');
      });
    },
  };
}
