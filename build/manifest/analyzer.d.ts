/*
 * The analyzer's published types cover its plugin API only, not the programmatic entry
 * its README documents; this adds that entry's two exports.
 */
import type { Plugin } from '@custom-elements-manifest/analyzer';
import type { Package } from 'custom-elements-manifest/schema';
import type * as typescript from 'typescript';

declare module '@custom-elements-manifest/analyzer' {
  export function create(options: { modules: typescript.SourceFile[]; plugins?: Plugin[] }): Package;
  /** The analyzer's own TypeScript: source files must come from it, or syntax kinds do not match. */
  export const ts: typeof typescript;
}
