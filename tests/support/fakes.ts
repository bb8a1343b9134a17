import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * Stand-ins on 127.0.0.1 for the outside services of the lead flow, speaking their real request shapes:
 * Twilio Verify v2, the voice provider's outbound calls, Cloudflare Turnstile, and a CRM webhook receiver.
 * Each can be switched down (503) to test the failure paths.
 */
export type Fake = { url: string; down: boolean; close(): Promise<void> };

async function listen(
  handle: (req: IncomingMessage, body: string, res: ServerResponse) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => handle(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

const json = (res: ServerResponse, status: number, value: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
const closer = (server: Server) => () => new Promise<void>((resolve) => server.close(() => resolve()));

export const TWILIO = {
  accountSid: 'ACtest000000000000000000000000000',
  authToken: 'twilio-test-token',
  serviceSid: 'VAtest000000000000000000000000000',
};

/**
 * Twilio Verify: sends a random 6-digit code per phone (readable through `codes`), checks it, 404 when
 * none is pending. For browser tests in other processes: `GET /__code?to=` reads a phone's code, and
 * `POST /__down?to=` makes that phone's requests fail (503), so parallel tests never disturb each other.
 */
export async function fakeTwilio() {
  const codes = new Map<string, string>();
  const failing = new Set<string>();
  /** Twilio's refusal for a phone's next requests: `{status, code}`, e.g. 429 / 60203 (sticky until removed). */
  const errors = new Map<string, { status: number; code: number; times?: number }>();
  const requests: { path: string; form: Record<string, string> }[] = [];
  const fake = { url: '', down: false, codes, requests, errors, close: async () => {} };
  const { server, url } = await listen((req, body, res) => {
    const control = new URL(req.url ?? '/', 'http://127.0.0.1');
    const to = control.searchParams.get('to') ?? '';
    if (control.pathname === '/__code') return json(res, 200, { code: codes.get(to) ?? null });
    if (control.pathname === '/__down') return failing.add(to) && json(res, 200, {});
    if (control.pathname === '/__up') return failing.delete(to) && json(res, 200, {});
    const form = Object.fromEntries(new URLSearchParams(body));
    requests.push({ path: req.url ?? '', form });
    if (fake.down || failing.has(form.To)) return json(res, 503, { code: 20503, message: 'Service unavailable' });
    const error = errors.get(form.To);
    if (error && (error.times === undefined || error.times-- > 0))
      return json(res, error.status, { code: error.code, message: `error ${error.code}`, status: error.status });
    const auth = `Basic ${Buffer.from(`${TWILIO.accountSid}:${TWILIO.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== auth) return json(res, 401, { code: 20003, message: 'Authenticate' });
    const base = `/v2/Services/${TWILIO.serviceSid}/`;
    // Fetching the service (what `npm run doctor` asks): its record, or 20404 for another service's SID.
    if (req.method === 'GET' && control.pathname.startsWith('/v2/Services/')) {
      if (control.pathname !== base.slice(0, -1))
        return json(res, 404, { code: 20404, message: `The requested resource ${control.pathname} was not found` });
      return json(res, 200, { sid: TWILIO.serviceSid, account_sid: TWILIO.accountSid, friendly_name: 'Aurelo' });
    }
    // Verify's channels for a code; a code from any of them is checked the same way.
    if (req.url === `${base}Verifications` && ['sms', 'whatsapp', 'call'].includes(form.Channel)) {
      codes.set(form.To, String(Math.floor(Math.random() * 1e6)).padStart(6, '0'));
      return json(res, 201, { sid: `VE${Date.now()}`, to: form.To, channel: form.Channel, status: 'pending' });
    }
    if (req.url === `${base}VerificationCheck`) {
      const code = codes.get(form.To);
      if (!code) return json(res, 404, { code: 20404, message: 'The requested resource was not found' });
      if (code !== form.Code) return json(res, 200, { to: form.To, status: 'pending', valid: false });
      codes.delete(form.To);
      return json(res, 200, { to: form.To, status: 'approved', valid: true });
    }
    json(res, 404, { code: 20404 });
  });
  return Object.assign(fake, { url, close: closer(server) });
}

type VoiceCall = {
  id: string;
  status: string;
  createdAt: string;
  assistantId: string;
  phoneNumberId: string;
  customer: { number: string; name?: string; externalId?: string };
} & Record<string, unknown>;

/**
 * The voice provider's REST API for outbound calls: `POST /call` (201 `{id, status: "queued"}` for the
 * right private key), `GET /call` (list, by `phoneNumberId` and `createdAtGe`), `GET /call/{id}`.
 * `script` answers the next POSTs in turn: a status (503, 429, 400…), `'hang'` (no answer), or
 * `'create-then-hang'` (the call is made, the answer never comes), or `{ hangThenCreateAfterMs }` (no
 * answer, and the call is made that long after the request, as a slow provider does); then 201. `refuseEveryOther`
 * answers 503 to every other attempt for a lead (its first, third…).
 */
export async function fakeVoiceProvider(privateKey: string) {
  const calls: VoiceCall[] = [];
  const posts: unknown[] = [];
  const script: (
    number | 'hang' | 'create-then-hang' | { hangThenCreateAfterMs: number } | { createWhen: Promise<unknown> }
  )[] = [];
  const hanging = new Set<ServerResponse>();
  const fake = {
    url: '',
    down: false,
    calls,
    posts,
    script,
    refuseEveryOther: false,
    listFails: false,
    /** What `GET /phone-number/{id}` and `GET /assistant/{id}` find (what `npm run doctor` asks); else 404. */
    phoneNumbers: new Map<string, { number: string; provider: string }>(),
    assistants: new Map<string, { name: string }>(),
    close: async () => {},
  };
  const create = (body: Record<string, unknown>) => {
    const call = {
      ...body,
      id: `call-${calls.length + 1}`,
      status: 'queued',
      createdAt: new Date().toISOString(),
    } as VoiceCall;
    calls.push(call);
    return call;
  };
  const { server, url } = await listen((req, body, res) => {
    if (fake.down) return json(res, 503, { message: 'unavailable' });
    if (req.headers.authorization !== `Bearer ${privateKey}`) return json(res, 401, { message: 'Invalid Key' });
    const path = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && path.pathname === '/call') {
      if (fake.listFails) return json(res, 500, { message: 'list failed' });
      const since = Date.parse(path.searchParams.get('createdAtGe') ?? '1970-01-01T00:00:00Z');
      return json(
        res,
        200,
        calls.filter(
          (c) => c.phoneNumberId === path.searchParams.get('phoneNumberId') && Date.parse(c.createdAt) >= since,
        ),
      );
    }
    const record = /^\/(phone-number|assistant)\/([^/]+)$/.exec(path.pathname);
    if (req.method === 'GET' && record) {
      const id = decodeURIComponent(record[2]);
      const found = (record[1] === 'assistant' ? fake.assistants : fake.phoneNumbers).get(id);
      return found ? json(res, 200, { id, ...found }) : json(res, 404, { message: 'Not Found', statusCode: 404 });
    }
    if (req.method === 'GET' && path.pathname.startsWith('/call/')) {
      const call = calls.find((c) => c.id === decodeURIComponent(path.pathname.slice(6)));
      return call ? json(res, 200, call) : json(res, 404, { message: 'Not found' });
    }
    if (req.method !== 'POST' || path.pathname !== '/call') return json(res, 404, {});
    const parsed = JSON.parse(body);
    posts.push(parsed);
    const next = script.shift();
    if (next === 'hang') return void hanging.add(res);
    if (next === 'create-then-hang') {
      create(parsed);
      return void hanging.add(res);
    }
    // Holds the request until the test lets it go, then makes the call and answers 201.
    if (typeof next === 'object' && 'createWhen' in next)
      return void next.createWhen.then(() => json(res, 201, create(parsed)));
    if (typeof next === 'object') {
      setTimeout(() => create(parsed), next.hangThenCreateAfterMs);
      return void hanging.add(res);
    }
    if (typeof next === 'number')
      return json(res, next, {
        message: next === 400 ? ['customer.number must be a valid phone number'] : 'not now',
        error: 'Bad Request',
      });
    const tries = posts.filter((p) => (p as VoiceCall).customer?.externalId === parsed.customer?.externalId).length;
    if (fake.refuseEveryOther && tries % 2 === 1) return json(res, 503, { message: 'busy' });
    const name = parsed.customer?.name;
    if (typeof name === 'string' && name.length > 40)
      return json(res, 400, { message: ['customer.name must be shorter than or equal to 40 characters'] });
    json(res, 201, create(parsed));
  });
  return Object.assign(fake, {
    url,
    /** Ends a call as the provider would see it: ended, with its report. */
    end(id: string, report: Record<string, unknown>) {
      Object.assign(
        calls.find((c) => c.id === id)!,
        { status: 'ended', ...report },
      );
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      await closer(server)();
    },
  });
}

/** Cloudflare Turnstile's siteverify: the token `pass` succeeds once; anything else fails. */
export async function fakeTurnstile(secret: string) {
  const used = new Set<string>();
  const requests: Record<string, string>[] = [];
  const { server, url } = await listen((_req, body, res) => {
    const form = Object.fromEntries(new URLSearchParams(body));
    requests.push(form);
    const ok = form.secret === secret && form.response?.startsWith('pass') && !used.has(form.response);
    if (ok) used.add(form.response);
    json(
      res,
      200,
      ok
        ? { success: true, 'error-codes': [], hostname: '127.0.0.1' }
        : { success: false, 'error-codes': ['invalid-input-response'] },
    );
  });
  return { url: `${url}/turnstile/v0/siteverify`, requests, close: closer(server) };
}

/** A CRM webhook that fails its first `failFirst` answers (500), then keeps what it receives, checking the signature. */
export async function webhookReceiver(secret: string, failFirst = 0) {
  const received: {
    deliveryId: string;
    event: string;
    validSignature: boolean;
    body: { id: string; event: string; lead: Record<string, unknown>; call?: Record<string, unknown> | null };
  }[] = [];
  /** `strict`: a delivery whose signature is wrong or older than 5 minutes is refused 401, as docs/api.md advises. */
  const fake = { url: '', down: false, strict: false, received, failures: 0, close: async () => {} };
  const { server, url } = await listen((req, body, res) => {
    if (fake.down || fake.failures < failFirst) {
      fake.failures++;
      return json(res, 500, { error: 'not now' });
    }
    const timestamp = String(req.headers['x-timestamp']);
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
    const given = Buffer.from(String(req.headers['x-signature-256']));
    const genuine = given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
    if (fake.strict && (!genuine || Date.now() / 1000 - Number(timestamp) > 300))
      return json(res, 401, { error: 'bad signature' });
    received.push({
      deliveryId: String(req.headers['x-delivery-id']),
      event: String(req.headers['x-event']),
      validSignature: genuine,
      body: JSON.parse(body),
    });
    json(res, 200, { ok: true });
  });
  return Object.assign(fake, { url: `${url}/hooks/leads`, close: closer(server) });
}
