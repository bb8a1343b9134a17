// Embeds (issue 54): the desk's list and changes of them (GET /api/desk/embeds, POST, GET and PATCH
// /api/desk/embeds/:id; agents read, admins change, every change in the audit), and the public
// GET /api/embeds/:id a widget with `embed` asks before a visitor sends anything.
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServerConfig } from '../../config/settings.ts';
import type { DeskService } from '../../domain/desk/desk-service.ts';
import type { EmbedService } from '../../domain/embeds.ts';
import { Refusal } from '../../domain/refusal.ts';
import type { Store } from '../../storage/index.ts';
import { AGENT_IDS } from '../../../model/agents.ts';
import { originMatches, type Embed } from '../../../model/embeds.ts';
import {
  EmbedAddRoute,
  EmbedChangeRoute,
  EmbedRoute,
  EmbedsRoute,
  PublicEmbedRoute,
} from '../../../model/api/embeds.ts';
import { checkedSession, requireAdmin, requireOwnOrigin, requireSession } from '../desk-auth.ts';
import type { FieldWords } from '../errors.ts';
import { serve } from '../serve.ts';

const UNKNOWN = 'This form is not set up on our service (its embed is unknown).';
/** A public body's `embedId` that cannot be one: refused as an unknown one is. */
export const EMBED_WORDS = { error: 'embed-unknown', status: 404, message: UNKNOWN };
const NO_EMBED = { error: 'not-found', message: 'There is no such embed.', status: 404 };
const DESK_WORDS: FieldWords = {
  id: NO_EMBED,
  name: { error: 'invalid', message: 'Give the embed a name of at most 100 characters.' },
  brandName: { error: 'invalid', message: 'Give the brand a name of at most 100 characters.' },
  origins: {
    error: 'origins',
    message: 'origins must be 1 to 50 origins such as https://partner.example or https://*.partner.example.',
  },
  agents: { error: 'agents', message: `agents must be some of ${AGENT_IDS.join(', ')}.` },
  countries: { error: 'countries', message: 'countries must be country codes such as IN or GB.' },
  active: { error: 'invalid', message: 'active must be true or false.' },
};

export async function deskEmbedRoutes(
  app: FastifyInstance,
  { store, desk, config, embeds }: { store: Store; desk: DeskService; config: ServerConfig; embeds: EmbedService },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const routeConfig: FastifyContextConfig = { fieldWords: DESK_WORDS };
  const signedIn = async (request: FastifyRequest, reply: FastifyReply) =>
    void (await requireSession(request, reply, desk));
  const admin = async (request: FastifyRequest, reply: FastifyReply) =>
    requireAdmin(await requireSession(request, reply, desk), 'change the embeds');
  const ownOrigin = async (request: FastifyRequest) => requireOwnOrigin(request, config);
  const writer = { onRequest: [admin, ownOrigin], config: routeConfig };

  const audit = (request: FastifyRequest, action: 'embed.add' | 'embed.change', detail: Record<string, unknown>) => {
    const session = checkedSession(request)!;
    return store.audit.record({
      at: desk.now(),
      actor: session.email,
      action,
      sessionId: `${session.userId}:${session.createdAt}`,
      detail,
    });
  };

  serve(api, EmbedsRoute, { onRequest: signedIn, config: routeConfig }, async () => ({
    embeds: (await store.embeds.list()).map(embeds.answer),
  }));

  serve(api, EmbedAddRoute, { ...writer }, async (request, reply) => {
    const made = await embeds.add(request.body);
    await audit(request, 'embed.add', { embed: made.id, ...fieldsOf(made) });
    request.log.info({ embedId: made.id }, 'embed made');
    return reply.code(201).send(embeds.answer(made));
  });

  serve(api, EmbedRoute, { onRequest: signedIn, config: routeConfig }, async (request) => {
    const embed = await store.embeds.get({ id: request.params.id });
    if (!embed) throw new Refusal(404, 'not-found', 'There is no such embed.');
    return { ...embeds.answer(embed), refusedOrigins: await embeds.refusedOrigins(embed.id) };
  });

  serve(api, EmbedChangeRoute, { ...writer }, async (request) => {
    const { before, after } = await embeds.change(request.params.id, request.body);
    const [was, now] = [fieldsOf(before), fieldsOf(after)];
    const changed = Object.fromEntries(
      Object.entries(now)
        .filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(was[key as keyof typeof was]))
        .map(([key, value]) => [key, { from: was[key as keyof typeof was], to: value }]),
    );
    await audit(request, 'embed.change', { embed: after.id, changed });
    request.log.info({ embedId: after.id, changed: Object.keys(changed) }, 'embed changed');
    return embeds.answer(after);
  });
}

/** What the audit writes of an embed: everything but its times. */
const fieldsOf = ({ name, origins, brandName, agents, countries, active }: Embed) => ({
  name,
  origins,
  brandName,
  agents,
  countries,
  active,
});

export async function publicEmbedRoutes(
  app: FastifyInstance,
  { embeds, store }: { embeds: EmbedService; store: Store },
) {
  serve(
    app,
    PublicEmbedRoute,
    {
      config: { fieldWords: { id: { ...NO_EMBED, error: 'embed-unknown', message: UNKNOWN } } },
      // Any page may ask (the answer says whether it is one of the embed's), never with credentials; its
      // refusals too, so a partner's page can read why.
      onRequest: async (_request, reply) => {
        reply.header('access-control-allow-origin', '*').header('vary', 'Origin');
        reply.removeHeader('access-control-allow-credentials');
      },
    },
    async (request, reply) => {
      const embed = await store.embeds.get({ id: request.params.id });
      if (!embed) throw new Refusal(404, 'embed-unknown', UNKNOWN);
      const origin = request.headers.origin;
      const allowed = originMatches(embed.origins, origin);
      // A page that asks and is not among the embed's origins is the refusal its developer needs to see.
      if (!allowed && origin) embeds.noteRefused(origin, embed.id);
      const { consentText, consentVersion, consentTexts } = embeds.answer(embed);
      return reply.header('cache-control', 'public, max-age=60').send({
        id: embed.id,
        active: embed.active,
        brandName: embed.brandName,
        agents: embed.agents,
        countries: embed.countries,
        consentText,
        consentVersion,
        consentTexts,
        allowed,
      });
    },
  );
}
