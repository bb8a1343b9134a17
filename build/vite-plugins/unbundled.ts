import { readFileSync } from 'node:fs';
import { transformWithOxc, type Plugin } from 'vite';

/**
 * Emits modules compiled from TypeScript but not bundled: their imports (the host's `react`, the
 * stable entry files next to them) stay as written, for the host's bundler to resolve.
 */
export function unbundled(files: Record<string, URL>): Plugin {
  return {
    name: 'ai-widgets-unbundled',
    apply: 'build',
    async generateBundle() {
      for (const [fileName, source] of Object.entries(files)) {
        const { code } = await transformWithOxc(readFileSync(source, 'utf8'), source.pathname, { lang: 'ts' });
        this.emitFile({ type: 'asset', fileName, source: code });
      }
    },
  };
}
