/** Each flag is a chunk of its own (about 0.5 KB gzip), fetched when its country is shown. */
export const FLAGS = import.meta.glob<string>('../../../node_modules/country-flag-icons/3x2/*.svg', { query: '?raw', import: 'default', base: '../../../node_modules/country-flag-icons/3x2/' });
