// The desk's web demos (issue 46): GET /api/desk/demos, newest first, a page at a time from a cursor
// (the last demo's time and id), filtered by its days, agent, page origin and mode; and GET
// /api/desk/demos/:id, one demo with its conversation and the lead that followed it. Behind the desk's
// session, for both roles; registered by ./desk.ts, whose hooks (no-store, the session) cover them.
import type { FastifyContextConfig, FastifyInstance, onRequestHookHandler } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { EmbedService } from '../../domain/embeds.ts';
import { Refusal } from '../../domain/refusal.ts';
import type { Store } from '../../storage/index.ts';
import { AGENT_IDS } from '../../../model/agents.ts';
import { DEMO_MODES } from '../../../model/demos.ts';
import { DemoRoute, DemosRoute } from '../../../model/api/desk-demos.ts';
import type { FieldWords } from '../errors.ts';
import { serve } from '../serve.ts';

const DATE_WORDS = 'must be a date (2026-11-23) or a time with its zone (2026-11-23T00:00:00+05:30).';
const FIELD_WORDS: FieldWords = {
  from: { error: 'invalid-filter', message: `from ${DATE_WORDS}` },
  to: { error: 'invalid-filter', message: `to ${DATE_WORDS}` },
  agent: { error: 'invalid-filter', message: `agent must be one of ${AGENT_IDS.join(', ')}.` },
  origin: { error: 'invalid-filter', message: 'origin must be a page origin (https://example.com).' },
  mode: { error: 'invalid-filter', message: `mode must be one of ${DEMO_MODES.join(', ')}.` },
  embed: { error: 'invalid-filter', message: 'embed must be an embed’s id (emb_…).' },
  limit: { error: 'invalid-filter', message: 'limit must be a whole number from 1 to 100.' },
  cursor: { error: 'invalid-filter', message: 'cursor must be the nextCursor of an earlier answer.' },
  id: { error: 'not-found', message: 'There is no such demo.' },
};

export async function deskDemoRoutes(
  api: FastifyInstance,
  {
    store,
    embeds,
    signedIn,
    range,
  }: {
    store: Store;
    /** The origins allowed now (the settings' and every active embed's), which the Demos page offers. */
    embeds: EmbedService;
    signedIn: onRequestHookHandler;
    /** The desk's one reading of from and to (./desk.ts): instants, `to` excluded. */
    range: (q: { from?: string; to?: string }) => { from?: string; to?: string };
  },
) {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const routeConfig: FastifyContextConfig = { fieldWords: FIELD_WORDS };

  serve(app, DemosRoute, { onRequest: signedIn, config: routeConfig }, async (request) => {
    const q = request.query;
    const limit = Number(q.limit ?? 50);
    const [createdAt, id] = q.cursor ? q.cursor.split('~') : [];
    // One more than asked says whether there is a next page; no count is made.
    const rows = await store.demoDesk.list({
      ...range(q),
      agentId: q.agent,
      origin: q.origin,
      mode: q.mode,
      embedId: q.embed,
      ...(q.cursor && { before: { createdAt: Number(createdAt), id } }),
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      demos: page,
      limit,
      nextCursor: rows.length > limit && last ? `${Date.parse(last.createdAt)}~${last.id}` : null,
      origins: embeds.allowedOrigins(),
    };
  });

  serve(app, DemoRoute, { onRequest: signedIn, config: routeConfig }, async (request) => {
    const demo = await store.demoDesk.get({ id: request.params.id });
    if (!demo) throw new Refusal(404, 'not-found', 'There is no such demo.');
    return demo;
  });
}
