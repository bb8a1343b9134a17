#!/usr/bin/env node
// `npx ai-agent-widgets html ai-demo-request --default-country IN`: an element's HTML with its first
// paint drawn in (renderElement from `ai-agent-widgets/ssr`), to paste into a page.
import { renderElement } from '../dist/widgets/ssr.js';

// registry: tags (written by `npm run build:registry` from widgets/registry.ts)
const TAGS = 'ai-voice-demo|ai-feedback|ai-demo-request';
// registry: end

const USAGE = `Usage: ai-agent-widgets html <${TAGS}> [--<attribute> <value>]... [--<boolean-attribute>] [--lang hi] [--nonce <nonce>] [--script <url of ai-widgets.js>]

Prints the element's HTML with its first paint inside (a declarative shadow root), to paste into a page.
With --script, the small inline script after it brings our script once the page has painted (the page
needs no script tag of ours); without it, the page loads our script async itself.
Attributes are the element's own, e.g. --default-country IN --backend-url /api.`;

/** `--name value` pairs; a name followed by another `--name` (or nothing) is a boolean attribute. */
function parse(args) {
  const attributes = {};
  const options = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--') || arg.length < 3)
      throw new Error(`"${arg}" is not an option: options are --<attribute> <value>.`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s);
    const value = inline ?? (args[i + 1] !== undefined && !args[i + 1].startsWith('--') ? args[++i] : true);
    if (name === 'lang' || name === 'nonce' || name === 'script') options[name] = String(value);
    else if (name === 'no-early-presses') options.earlyPresses = false;
    else attributes[name] = value;
  }
  return { attributes, options };
}

const [command, tag, ...rest] = process.argv.slice(2);
if (command === '--help' || command === '-h' || command === 'help') {
  console.log(USAGE);
} else if (command !== 'html' || !tag) {
  console.error(USAGE);
  process.exitCode = 1;
} else {
  try {
    const { attributes, options } = parse(rest);
    process.stdout.write(`${renderElement(tag, attributes, options)}\n`);
  } catch (error) {
    console.error(`ai-agent-widgets: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
