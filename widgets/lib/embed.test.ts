import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedReducer, embedStart, forgetEmbeds, loadEmbed, notSetUpRefusal, type Embed } from './embed';

const EMBED: Embed = {
  id: 'emb_abcdefghijklmnop',
  active: true,
  brandName: 'Acme',
  agents: ['receptionist'],
  countries: ['IN'],
  consentText: 'I agree to receive calls from Acme services.',
  consentVersion: 'v-en',
  consentTexts: { en: { text: 'I agree…', version: 'v-en' }, hi: { text: 'मैं…', version: 'v-hi' } },
  allowed: true,
};

const answering = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  vi.unstubAllGlobals();
  forgetEmbeds();
});

describe('the embed cache', () => {
  it('asks once for two widgets on the same page with the same backend and id', async () => {
    const fetch = answering(200, EMBED);
    vi.stubGlobal('fetch', fetch);
    const [a, b] = await Promise.all([
      loadEmbed('https://svc.example/api', EMBED.id),
      loadEmbed('https://svc.example/api/', EMBED.id),
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe(`https://svc.example/api/embeds/${EMBED.id}`);
    expect(a).toEqual({ status: 'ready', embed: EMBED });
    expect(b).toBe(a);
  });

  it('asks again for another id', async () => {
    const fetch = answering(200, EMBED);
    vi.stubGlobal('fetch', fetch);
    await loadEmbed('/api', EMBED.id);
    await loadEmbed('/api', 'emb_qrstuvwxyzABCDEF');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('reads not allowed, paused and unknown as not set up', async () => {
    vi.stubGlobal('fetch', answering(200, { ...EMBED, allowed: false }));
    expect(await loadEmbed('/api', 'emb_1')).toEqual({ status: 'not-set-up', reason: 'not-allowed' });
    vi.stubGlobal('fetch', answering(200, { ...EMBED, active: false }));
    expect(await loadEmbed('/api', 'emb_2')).toEqual({ status: 'not-set-up', reason: 'paused' });
    vi.stubGlobal('fetch', answering(404, { error: 'embed-unknown', message: 'No such embed.' }));
    expect(await loadEmbed('/api', 'emb_3')).toEqual({ status: 'not-set-up', reason: 'unknown' });
  });

  it('does not keep an outage: the next reach asks again', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    expect(await loadEmbed('/api', EMBED.id)).toEqual({ status: 'outage' });
    await Promise.resolve();
    expect(await loadEmbed('/api', EMBED.id)).toEqual({ status: 'outage' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('starts with nothing to ask without embed or without a service', () => {
    expect(embedStart('/api', undefined)).toEqual({ status: 'none' });
    expect(embedStart('/api', '  ')).toEqual({ status: 'none' });
    expect(embedStart(undefined, EMBED.id)).toEqual({ status: 'none' });
    expect(embedStart('/api', EMBED.id)).toEqual({ status: 'unasked' });
  });
});

describe('embedReducer', () => {
  it('goes from unasked through asking to ready', () => {
    const asking = embedReducer({ status: 'unasked' }, { type: 'embed-asked' });
    expect(asking).toEqual({ status: 'asking' });
    expect(embedReducer(asking, { type: 'embed-answered', answer: { status: 'ready', embed: EMBED } })).toEqual({
      status: 'ready',
      embed: EMBED,
    });
  });
  it('is not set up on a not-set-up answer, and back to unasked on an outage', () => {
    const asking = { status: 'asking' } as const;
    expect(
      embedReducer(asking, { type: 'embed-answered', answer: { status: 'not-set-up', reason: 'not-allowed' } }),
    ).toEqual({ status: 'not-set-up', reason: 'not-allowed' });
    expect(embedReducer(asking, { type: 'embed-answered', answer: { status: 'outage' } })).toEqual({
      status: 'unasked',
    });
  });
  it('never asks without an embed', () => {
    const none = { status: 'none' } as const;
    expect(embedReducer(none, { type: 'embed-asked' })).toBe(none);
  });
  it('maps the POST refusals 403 origin and embed-paused, and nothing else', () => {
    expect(notSetUpRefusal('origin')).toBe('not-allowed');
    expect(notSetUpRefusal('embed-paused')).toBe('paused');
    expect(notSetUpRefusal('outage')).toBeNull();
    expect(notSetUpRefusal(undefined)).toBeNull();
  });
});
