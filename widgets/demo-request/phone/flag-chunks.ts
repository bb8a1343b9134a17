/**
 * Each flag is a chunk of its own (about 0.5 KB gzip), fetched when its country is shown. India's
 * is in the entry (the shell draws it); in the glob too, it would become a chunk the entry fetches.
 */
export const FLAGS = import.meta.glob<string>(
  ['../../../node_modules/country-flag-icons/3x2/*.svg', '!../../../node_modules/country-flag-icons/3x2/IN.svg'],
  { query: '?raw', import: 'default', base: '../../../node_modules/country-flag-icons/3x2/' },
);
