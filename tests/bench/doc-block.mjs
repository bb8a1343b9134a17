// Each benchmark writes its figures between its own markers in docs/benchmarks.md. The block is formatted
// as Prettier formats the rest of the file, so a fresh run leaves `prettier --check` passing.
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';

/**
 * Replaces what stands between `<!-- name:start -->` and `<!-- name:end -->` in `file` (or appends the
 * block when the markers are missing and `append` is set), then formats the file.
 * @param {string} file @param {string} name @param {string} body @param {{ append?: boolean }} [options]
 */
export async function writeDocBlock(file, name, body, { append = false } = {}) {
  const [start, end] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  const text = readFileSync(file, 'utf8');
  const block = `${start}\n\n${body.trim()}\n\n${end}`;
  let next;
  if (text.includes(start) && text.includes(end))
    next = text.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => block);
  else if (append) next = `${text.trimEnd()}\n\n${block}\n`;
  else throw new Error(`${file} has no ${start} … ${end} markers`);
  const config = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(next, { ...config, filepath: file }));
}
