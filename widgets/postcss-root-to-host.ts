import type { Plugin } from 'postcss';

/**
 * Our CSS lives in shadow roots, where `:root` matches nothing. Third-party CSS that
 * declares its variables on `:root` (react-phone-number-input does) is rewritten to `:host`.
 */
export function rootToHost(): Plugin {
  return {
    postcssPlugin: 'root-to-host',
    Rule(rule) {
      if (rule.selector.includes(':root')) rule.selector = rule.selector.replaceAll(':root', ':host');
    },
  };
}
