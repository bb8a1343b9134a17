/**
 * `ai-agent-widgets/ssr`: our elements as HTML, for a server or a build step. Runs in Node (or any
 * JavaScript runtime) with no DOM and no React, synchronously.
 */
import type { WidgetTag } from '../registry';
import { CLASSES } from './classes';
import { printElement, type AttributeValue, type RenderElementOptions } from '../elements/render-element';
import { SSR_VERSION } from '../elements/ssr-mark';

export type { AttributeValue, RenderElementOptions };
/** The tags `renderElement` prints: every widget of widgets/registry.ts. */
export type { WidgetTag };

/**
 * The element's HTML with its first paint drawn inside, in a declarative shadow root
 * (`<template shadowrootmode="open">`, its styles in a `<style>`): the page shows the widget before
 * any script, and our script, loaded `async`, takes over what it finds without drawing it again.
 * Attributes are the element's own (`{ 'default-country': 'IN' }`; `true` prints one bare); every
 * value is escaped. `options.lang` is the page's language; `options.nonce` goes on the `<style>` and
 * on the small inline script after the element that keeps a click made before our script arrived;
 * `options.script`, our script's URL, has that inline script bring it once the page has painted.
 *
 * @example
 * renderElement('ai-demo-request', { 'backend-url': '/api', 'default-country': 'IN' }, { lang: 'hi' })
 */
export function renderElement(
  tag: WidgetTag,
  attributes?: Record<string, AttributeValue>,
  options?: RenderElementOptions,
): string {
  return printElement(CLASSES, tag, attributes, options);
}

/**
 * Only what goes inside the element (the declarative shadow root), for a framework that prints
 * the tag itself: React's `dangerouslySetInnerHTML` on the server. No inline script.
 */
export function renderElementInner(
  tag: WidgetTag,
  attributes?: Record<string, AttributeValue>,
  options?: Omit<RenderElementOptions, 'earlyPresses' | 'script'>,
): string {
  const html = printElement(CLASSES, tag, attributes, { ...options, earlyPresses: false, script: undefined });
  return html.slice(html.indexOf('<template'), html.lastIndexOf(`</${tag}>`));
}

/** The package version the printed HTML carries. */
export const version = SSR_VERSION;
