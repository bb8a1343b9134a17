import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * Stand-ins on 127.0.0.1 for the outside services of the lead flow, speaking their real request shapes:
 * Twilio Verify v2, the voice provider's outbound `POST /call`, and a CRM webhook receiver.
 * Each can be switched down (503) to test the failure paths.
 */
export type Fake = { url: string; down: boolean; close(): Promise<void> };

async function listen(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => handle(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

const json = (res: ServerResponse, status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
const closer = (server: Server) => () => new Promise<void>((resolve) => server.close(() => resolve()));

export const TWILIO = { accountSid: 'ACtest000000000000000000000000000', authToken: 'twilio-test-token', serviceSid: 'VAtest000000000000000000000000000' };

/**
 * Twilio Verify: sends a random 6-digit code per phone (readable through `codes`), checks it, 404 when
 * none is pending. For browser tests in other processes: `GET /__code?to=` reads a phone's code, and
 * `POST /__down?to=` makes that phone's requests fail (503), so parallel tests never disturb each other.
 */
export async function fakeTwilio() {
  const codes = new Map<string, string>();
  const failing = new Set<string>();
  const requests: { path: string; form: Record<string, string> }[] = [];
  const fake = { url: '', down: false, codes, requests, close: async () => {} };
  const { server, url } = await listen((req, body, res) => {
    const control = new URL(req.url ?? '/', 'http://127.0.0.1');
    const to = control.searchParams.get('to') ?? '';
    if (control.pathname === '/__code') return json(res, 200, { code: codes.get(to) ?? null });
    if (control.pathname === '/__down') return failing.add(to) && json(res, 200, {});
    if (control.pathname === '/__up') return failing.delete(to) && json(res, 200, {});
    const form = Object.fromEntries(new URLSearchParams(body));
    requests.push({ path: req.url ?? '', form });
    if (fake.down || failing.has(form.To)) return json(res, 503, { code: 20503, message: 'Service unavailable' });
    const auth = `Basic ${Buffer.from(`${TWILIO.accountSid}:${TWILIO.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== auth) return json(res, 401, { code: 20003, message: 'Authenticate' });
    const base = `/v2/Services/${TWILIO.serviceSid}/`;
    if (req.url === `${base}Verifications` && form.Channel === 'sms') {
      codes.set(form.To, String(Math.floor(Math.random() * 1e6)).padStart(6, '0'));
      return json(res, 201, { sid: `VE${Date.now()}`, to: form.To, channel: 'sms', status: 'pending' });
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

/** The voice provider's outbound call: 201 `{id, status: "queued"}` for the right private key. */
export async function fakeVoiceProvider(privateKey: string) {
  const calls: { assistantId: string; phoneNumberId: string; customer: { number: string; name?: string } }[] = [];
  const fake = { url: '', down: false, calls, close: async () => {} };
  const { server, url } = await listen((req, body, res) => {
    if (fake.down) return json(res, 503, { message: 'unavailable' });
    if (req.method !== 'POST' || req.url !== '/call') return json(res, 404, {});
    if (req.headers.authorization !== `Bearer ${privateKey}`) return json(res, 401, { message: 'Invalid Key' });
    calls.push(JSON.parse(body));
    json(res, 201, { id: `call-${calls.length}`, status: 'queued' });
  });
  return Object.assign(fake, { url, close: closer(server) });
}

/** A CRM webhook that fails its first `failFirst` answers (500), then keeps what it receives, checking the signature. */
export async function webhookReceiver(secret: string, failFirst = 0) {
  const received: { deliveryId: string; validSignature: boolean; body: { event: string; lead: Record<string, unknown> } }[] = [];
  const fake = { url: '', down: false, received, failures: 0, close: async () => {} };
  const { server, url } = await listen((req, body, res) => {
    if (fake.down || fake.failures < failFirst) {
      fake.failures++;
      return json(res, 500, { error: 'not now' });
    }
    const timestamp = String(req.headers['x-timestamp']);
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
    received.push({ deliveryId: String(req.headers['x-delivery-id']), validSignature: req.headers['x-signature-256'] === expected, body: JSON.parse(body) });
    json(res, 200, { ok: true });
  });
  return Object.assign(fake, { url: `${url}/hooks/leads`, close: closer(server) });
}
