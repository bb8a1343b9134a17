/*
 * The analyzer's core JSDoc reader, which our plugin reuses so that element JSDoc means what it
 * means on any class. It is internal JavaScript, hence this script (not module) declaration;
 * the analyzer is pinned to an exact version, and the manifest test breaks if the reader moves.
 */
declare module '@custom-elements-manifest/analyzer/src/features/analyse-phase/class-jsdoc.js' {
  export function classJsDocPlugin(): import('@custom-elements-manifest/analyzer').Plugin;
}
