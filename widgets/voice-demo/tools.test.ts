import { describe, expect, it } from 'vitest';
import {
  argsOf,
  resultText,
  RESULT_MAX,
  runWithin,
  toolCallsOf,
  toolOf,
  toolSeconds,
  toolWords,
  urlAllowed,
} from './tools';

describe('page tools', () => {
  it('reads the calls of a tool-calls message, arguments as an object or a JSON string', () => {
    const message = {
      type: 'tool-calls',
      toolCallList: [
        { id: 'a', type: 'function', function: { name: 'price', arguments: { plan: 'pro' } } },
        { id: 'b', function: { name: 'open_url', arguments: '{"url":"/pricing"}' } },
        { id: 'c', function: { name: 'broken', arguments: '{not json' } },
        { id: 'd', function: {} },
      ],
    };
    expect(toolCallsOf(message)).toEqual([
      { id: 'a', name: 'price', args: { plan: 'pro' } },
      { id: 'b', name: 'open_url', args: { url: '/pricing' } },
      { id: 'c', name: 'broken', args: {} },
    ]);
    expect(toolCallsOf({ type: 'transcript' })).toEqual([]);
    expect(argsOf('[1,2]')).toEqual({});
  });

  it('tells a result as it is, as JSON, or cut to 2,000 characters with a note', () => {
    expect(resultText('ok')).toBe('ok');
    expect(resultText({ a: 1 })).toBe('{"a":1}');
    const long = resultText('x'.repeat(5000));
    expect(long.startsWith('x'.repeat(RESULT_MAX) + '\n[Cut: the result was 5000 characters long')).toBe(true);
  });

  it('names the tool in every outcome', () => {
    expect(toolWords('price', { kind: 'ok', result: 'ten' })).toBe('The page ran the tool "price". Its result:\nten');
    expect(toolWords('price', { kind: 'ok', result: undefined })).toContain('returned nothing');
    expect(toolWords('nope', { kind: 'unknown' })).toContain('no tool called "nope"');
    expect(toolWords('price', { kind: 'threw', message: 'boom' })).toContain('"price" failed: boom');
    expect(toolWords('price', { kind: 'timeout', seconds: 2 })).toContain('"price" did not finish within 2 seconds');
    expect(toolWords('open_url', { kind: 'refused', reason: 'not here.' })).toBe(
      'The page did not run the tool "open_url": not here.',
    );
  });

  it('finds a handler alone or with its description, and no inherited name', () => {
    const run = () => 1;
    expect(toolOf({ a: run }, 'a')).toEqual({ run });
    expect(toolOf({ a: { run, description: ' Checked prices ' } }, 'a')).toEqual({
      run,
      description: 'Checked prices',
    });
    expect(toolOf({ a: run }, 'constructor')).toBeNull();
    expect(toolOf(undefined, 'a')).toBeNull();
    expect(toolSeconds(undefined)).toBe(10);
    expect(toolSeconds(2)).toBe(2);
  });

  it('allows addresses on the page’s origin or in tool-origins only', () => {
    const page = 'https://acme.example/dentist';
    expect(urlAllowed('/pricing', page)?.href).toBe('https://acme.example/pricing');
    expect(urlAllowed('https://evil.example/', page)).toBeNull();
    expect(urlAllowed('https://cal.com/acme', page, 'https://cal.com https://x.example')?.href).toBe(
      'https://cal.com/acme',
    );
    expect(urlAllowed('javascript:alert(1)', page, 'javascript:')).toBeNull();
    expect(urlAllowed(42, page)).toBeNull();
  });

  it('races a handler against its time-out, and turns a throw into an outcome', async () => {
    expect(await runWithin(() => Promise.resolve('done'), 1)).toEqual({ kind: 'ok', result: 'done' });
    expect(await runWithin(() => Promise.reject(new Error('boom')), 1)).toEqual({ kind: 'threw', message: 'boom' });
    expect(await runWithin(() => new Promise(() => {}), 0.01)).toEqual({ kind: 'timeout', seconds: 0.01 });
  });
});
