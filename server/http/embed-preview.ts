// GET /embeds/:id/preview (issue 54), served at GET /api/desk/embeds/:id/preview: the embed's elements as a
// partner's page would show them, for a signed-in desk account (admin or agent; anyone else goes to the
// desk's sign-in). The elements run with
// `simulate` and the embed's own attributes, and the page's policy has `connect-src 'none'` and
// `form-action 'none'`: whatever a visitor presses there, the browser sends nothing anywhere.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DeskService } from '../domain/desk/desk-service.ts';
import type { EmbedService } from '../domain/embeds.ts';
import type { Store } from '../storage/index.ts';
import { EMBED_PREVIEW_PATH, embedPreviewHref } from '../../model/desk-pages.ts';
import { EmbedPreviewRoute } from '../../model/api/embeds.ts';
import { Refusal } from '../domain/refusal.ts';
import { serve } from './serve.ts';
import { EMBED_ID_PATTERN, type Embed } from '../../model/embeds.ts';
import { AGENT_TITLES } from '../../model/agents.ts';
import { sessionToken } from './desk-auth.ts';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page's one style, allowed by its hash (nothing else inline runs or applies). */
const STYLE = [
  'body{margin:0;padding:1.5rem;font:16px/1.5 system-ui,sans-serif;color:#14131c;background:#f7f6fb}',
  'main{max-width:44rem;margin:0 auto;display:grid;gap:1.5rem}',
  'h1{font-size:1.4rem;margin:0}h2{font-size:1.05rem;margin:0 0 .5rem}',
  '.note{margin:0;padding:.75rem 1rem;border-left:4px solid #5b4bdb;background:#ecebfb;border-radius:0 10px 10px 0}',
  'section{padding:1rem;background:#fff;border:1px solid #dcdae6;border-radius:14px}',
].join('');
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** Scripts and styles from this origin only (the widgets' bundle); no request out, no form sent, never framed. */
export const PREVIEW_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' ${STYLE_HASH}`,
  "img-src 'self' data:",
  "font-src 'self'",
  "media-src 'self' blob:",
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

type Consent = { consentText: string; consentVersion: string };

/**
 * The page: each element with the embed's attributes (as the snippet has them) and `simulate`; the demo
 * form also with the embed's consent sentence and countries written out, since the page may not ask the
 * service for them.
 */
export function previewPage(embed: Embed, consent: Consent): string {
  const common = `embed="${escape(embed.id)}" simulate`;
  const form = [
    `brand-name="${escape(embed.brandName)}"`,
    `consent-text="${escape(consent.consentText)}"`,
    `consent-version="${escape(consent.consentVersion)}"`,
    `countries="${escape(embed.countries.join(','))}"`,
    `default-country="${escape(embed.countries[0] ?? 'IN')}"`,
  ].join(' ');
  const voice = embed.agents
    .map(
      (agent) =>
        `<section><h2>${escape(AGENT_TITLES[agent])}</h2><ai-voice-demo ${common} agent-id="${escape(agent)}" captions></ai-voice-demo></section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Preview: ${escape(embed.name)}</title>
<style>${STYLE}</style>
<script src="/dist/widgets/ai-widgets.js" async></script>
</head>
<body>
<main>
<h1>Preview: ${escape(embed.name)}</h1>
<p class="note">A preview of the embed’s elements as its pages show them${embed.active ? '' : ' (the embed is paused: its pages refuse new codes, leads and demos)'}. They run simulated, and this page may send nothing: nothing you type here leaves the browser.</p>
<section><h2>Demo form</h2><ai-demo-request ${common} ${form}></ai-demo-request></section>
${voice}
<section><h2>Feedback</h2><ai-feedback ${common}></ai-feedback></section>
</main>
</body>
</html>
`;
}

/** GET /embeds/:id/preview, the address the issue gives: to the preview, where the session cookie is sent. */
export async function embedPreviewPages(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>(EMBED_PREVIEW_PATH, async (request, reply) => {
    const { id } = request.params;
    if (!new RegExp(EMBED_ID_PATTERN).test(id))
      return reply.code(404).type('text/plain; charset=utf-8').send('There is no such embed.');
    return reply.header('Cache-Control', 'no-store').redirect(embedPreviewHref(id), 308);
  });
}

/** GET /api/desk/embeds/:id/preview: the page, for a signed-in desk account (admin or agent). */
export async function embedPreviewRoute(
  api: FastifyInstance,
  { desk, store, embeds }: { desk: DeskService; store: Store; embeds: EmbedService },
) {
  serve(
    api,
    EmbedPreviewRoute,
    { config: { fieldWords: { id: { error: 'not-found', status: 404, message: 'There is no such embed.' } } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
      const { id } = request.params;
      // Without a session, to the desk's sign-in, which shows the embed's page once signed in.
      const session = await desk.session(sessionToken(request), request.ip);
      if (!session) return reply.redirect(`/desk/embeds/${id}`, 303);
      const embed = await store.embeds.get({ id });
      if (!embed) throw new Refusal(404, 'not-found', 'There is no such embed.');
      return reply
        .header('Content-Security-Policy', PREVIEW_CSP)
        .type('text/html; charset=utf-8')
        .send(previewPage(embed, embeds.answer(embed)));
    },
  );
}
