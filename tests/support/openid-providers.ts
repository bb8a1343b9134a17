// OpenID providers on 127.0.0.1 for the desk's single sign-on tests. `openIdProvider` is a real one
// (the oidc-provider package) whose sign-in page asks which of its accounts you are; `misbehavingIssuer`
// signs its own ID tokens with a key it serves at its jwks, with claims a test chooses (another audience,
// an expiry already past), which a real provider would never send. `withPayload` and `signedElsewhere`
// forge a real provider's ID token as something between it and the desk could.
import { createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';

export const CLIENT = { id: 'sales-desk', secret: 'sales-desk-secret-for-tests-only' };
export type Account = { email: string; email_verified?: boolean };
/** An answer of the token endpoint or UserInfo, as JSON. */
export type Answer = Record<string, unknown> & { id_token?: string };
/** How a test changes the token endpoint's or UserInfo's answers on their way out. */
export type Changes = Partial<Record<'token' | 'userinfo', (answer: Answer) => Answer>>;

async function listen(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, issuer: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}
const closer = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });
const signingKey = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey, publicKey, kid: randomBytes(6).toString('hex') };
};
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const partOf = (text: string) => JSON.parse(Buffer.from(text, 'base64url').toString()) as Record<string, unknown>;
/** A JWT of `header` and `payload` signed RS256 with `key`. */
function signed(header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyObject) {
  const body = `${part(header)}.${part(payload)}`;
  return `${body}.${createSign('RSA-SHA256').update(body).sign(key).toString('base64url')}`;
}

/** The ID token with its payload changed by `change` and its signature kept. */
export function withPayload(idToken: string, change: (claims: Record<string, unknown>) => Record<string, unknown>) {
  const [header, payload, signature] = idToken.split('.');
  return `${header}.${part(change(partOf(payload)))}.${signature}`;
}

/** The ID token signed again with a key the provider never published: under a `kid` of its own, or the published one's. */
export function signedElsewhere(idToken: string, kid: 'own' | 'published') {
  const [header, payload] = idToken.split('.').slice(0, 2).map(partOf);
  const key = signingKey();
  return signed({ ...header, ...(kid === 'own' && { kid: key.kid }) }, payload, key.privateKey);
}

/** The answer `res` is about to send, as JSON, through `change` (the Content-Length is not sent yet). */
function rewrite(res: ServerResponse, change: (answer: Answer) => Answer) {
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  res.end = ((chunk?: unknown) => {
    if (res.statusCode !== 200 || chunk === undefined) return end(chunk);
    const body = JSON.stringify(change(JSON.parse(String(chunk)) as Answer));
    res.setHeader('content-length', Buffer.byteLength(body));
    return end(body);
  }) as ServerResponse['end'];
}
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A real OpenID provider with these accounts (by id), the desk (`redirectUri`) its one client. Its sign-in
 * page (at /interaction/:uid) is a form naming the account to sign in as; consent is taken as given.
 * As oidc-provider is by default, the ID token holds no email: it is in UserInfo (OpenID Connect Core
 * 5.4, since an access token is issued), unless `emailInIdToken`. `change` changes the token endpoint's
 * or UserInfo's answer on its way out (something between the provider and the desk, or a provider at
 * fault); `asked` lists the paths requested, in order.
 */
export async function openIdProvider(
  redirectUri: string | string[],
  accounts: Record<string, Account>,
  { emailInIdToken = false, change = {} }: { emailInIdToken?: boolean; change?: Changes } = {},
) {
  const asked: string[] = [];
  const { server, issuer } = await listen((req, res) => void handle(req, res));
  const key = signingKey();
  // Requests reach `handle` only once the provider below exists (the test asks after this returns).
  const provider: Provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [redirectUri].flat(),
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...key.privateKey.export({ format: 'jwk' }), kid: key.kid, alg: 'RS256', use: 'sig' }] },
    // Which claims the email scope releases (oidc-provider's default names none beyond `sub`).
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    ...(emailInIdToken && { conformIdTokenClaims: false }),
    findAccount: (_ctx, sub) =>
      accounts[sub] ? { accountId: sub, claims: () => ({ sub, ...accounts[sub] }) } : undefined,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // A first-party client: its scopes are granted without a consent screen.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['openid-provider-test-key'] },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 300, IdToken: 300 },
    pkce: { required: () => true },
  });
  const callback = provider.callback();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    asked.push(new URL(req.url ?? '/', issuer).pathname);
    if (change.token && req.method === 'POST' && req.url === '/token') rewrite(res, change.token);
    if (change.userinfo && req.url === '/me') rewrite(res, change.userinfo);
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'POST') {
      const account = new URLSearchParams(await bodyOf(req)).get('account') ?? '';
      if (!accounts[account]) return res.writeHead(400).end('No such account.');
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: account } },
        { mergeWithLastSubmission: false },
      );
    }
    const choices = Object.entries(accounts)
      .map(([id, a]) => `<option value="${escape(id)}">${escape(a.email)}</option>`)
      .join('');
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><title>Test provider</title><h1>Test provider: sign in</h1>` +
          `<form method="post" action="/interaction/${details.uid}"><label>Account <select name="account">${choices}</select></label>` +
          `<button type="submit">Continue</button></form>`,
      );
  }
  return { issuer, provider, asked, close: closer(server) };
}

/**
 * From the provider's authorization URL to the desk's callback URL, as a browser would: following its
 * redirects with its cookies, and answering its sign-in form with `account`.
 */
export async function signInAtProvider(authorizationUrl: string, account: string, redirectUri: string) {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let form: string | undefined;
  for (let step = 0; step < 12; step++) {
    const res = await fetch(url, {
      method: form === undefined ? 'GET' : 'POST',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form !== undefined && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(form !== undefined && { body: form }),
    });
    form = undefined;
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.href.startsWith(`${redirectUri}?`)) return url;
    } else if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
      form = new URLSearchParams({ account }).toString();
    } else throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
    await res.body?.cancel();
  }
  throw new Error('the provider never sent the browser back');
}

/**
 * An issuer that signs in at once (no page) and whose ID tokens carry `claims(standard)`: the test's change
 * of what a correct token would hold (its issuer, audience, nonce, times, email).
 */
export async function misbehavingIssuer(claims: (standard: Record<string, unknown>) => Record<string, unknown>) {
  const key = signingKey();
  const nonces = new Map<string, string>();
  const { server, issuer } = await listen((req, res) => void handle(req, res));
  const json = (res: ServerResponse, value: unknown) =>
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(value));
  const idToken = (payload: Record<string, unknown>) =>
    signed({ alg: 'RS256', typ: 'JWT', kid: key.kid }, payload, key.privateKey);
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration')
      return json(res, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
    if (url.pathname === '/jwks')
      return json(res, {
        keys: [{ ...key.publicKey.export({ format: 'jwk' }), kid: key.kid, alg: 'RS256', use: 'sig' }],
      });
    if (url.pathname === '/authorize') {
      const code = randomBytes(16).toString('base64url');
      nonces.set(code, url.searchParams.get('nonce') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.search = new URLSearchParams({ code, state: url.searchParams.get('state') ?? '' }).toString();
      return res.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const code = new URLSearchParams(await bodyOf(req)).get('code') ?? '';
      const now = Math.floor(Date.now() / 1000);
      const standard = {
        iss: issuer,
        sub: 'someone',
        aud: CLIENT.id,
        iat: now,
        exp: now + 300,
        nonce: nonces.get(code),
        email: 'asha@example.com',
        email_verified: true,
      };
      return json(res, {
        access_token: 'not-used',
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken(claims(standard)),
      });
    }
    res.writeHead(404).end();
  }
  return { issuer, close: closer(server) };
}
