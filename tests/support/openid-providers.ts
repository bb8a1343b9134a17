// OpenID providers on 127.0.0.1 for the desk's single sign-on tests. `openIdProvider` is a real one
// (the oidc-provider package) whose sign-in page asks which of its accounts you are; `misbehavingIssuer`
// signs its own ID tokens with a key it serves at its jwks, with claims a test chooses (another audience,
// an expiry already past), which a real provider would never send.
import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';

export const CLIENT = { id: 'sales-desk', secret: 'sales-desk-secret-for-tests-only' };
export type Account = { email: string; email_verified?: boolean };

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
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A real OpenID provider with these accounts (by id), the desk (`redirectUri`) its one client. Its sign-in
 * page (at /interaction/:uid) is a form naming the account to sign in as; consent is taken as given.
 */
export async function openIdProvider(redirectUri: string | string[], accounts: Record<string, Account>) {
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
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // The email in the ID token itself (the desk reads no userinfo).
    conformIdTokenClaims: false,
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
  return { issuer, provider, close: closer(server) };
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
  const idToken = (payload: Record<string, unknown>) => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signed = `${part({ alg: 'RS256', typ: 'JWT', kid: key.kid })}.${part(payload)}`;
    return `${signed}.${createSign('RSA-SHA256').update(signed).sign(key.privateKey).toString('base64url')}`;
  };
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
