import { afterEach, describe, expect, it } from 'vitest';
import { fakeTwilio, TWILIO } from '../../tests/support/fakes';
import { loadConfig } from '../config/settings.ts';
import { PHONE, post, testApp, testClock } from './harness.ts';

// Issue 59, item 1: a code goes by SMS, WhatsApp or a voice call, as the visitor asks and the service offers.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});
const clock = testClock();
async function service(env: Record<string, string> = {}) {
  const h = await testApp({ OTP_CLIENT_LIMIT: '1000', OTP_MAX_PER_HOUR: '1000', ...env }, { now: clock.now });
  cleanups.push(h.close);
  return h;
}
async function twilioService(env: Record<string, string> = {}) {
  const twilio = await fakeTwilio();
  cleanups.push(twilio.close);
  const h = await service({
    OTP_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: TWILIO.authToken,
    TWILIO_VERIFY_SERVICE_SID: TWILIO.serviceSid,
    TWILIO_API_URL: twilio.url,
    ...env,
  });
  return { h, twilio };
}
const phones = ['+919876543211', '+919876543212', '+919876543213'];

describe('the channel a code goes by', () => {
  it('sends by SMS, WhatsApp or a call through Verify, with the form’s language, and each code verifies', async () => {
    const { h, twilio } = await twilioService();
    for (const [i, channel] of (['sms', 'whatsapp', 'call'] as const).entries()) {
      const phone = phones[i];
      const sent = await post(h, '/api/otp', { phone, channel, language: i === 1 ? 'hi' : 'ta' });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().channel).toBe(channel);
      // Verify speaks Hindi; for a language it is not given, it chooses by the number's country.
      expect(twilio.requests.at(-1)!.form).toEqual({ To: phone, Channel: channel, ...(i === 1 && { Locale: 'hi' }) });
      const checked = await post(h, '/api/otp/verify', { phone, code: twilio.codes.get(phone) });
      expect(checked.statusCode).toBe(200);
    }
    expect(h.logs.filter((l) => l.msg === 'one-time code sent').map((l) => l.channel)).toEqual([
      'sms',
      'whatsapp',
      'call',
    ]);
  });

  it('verifies a WhatsApp code asked for after an SMS one, the wait between them counting both', async () => {
    const { h, twilio } = await twilioService();
    expect((await post(h, '/api/otp', { phone: PHONE })).json().channel).toBe('sms');
    const soon = await post(h, '/api/otp', { phone: PHONE, channel: 'whatsapp' });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error).toBe('cooldown');
    clock.later(31_000);
    expect((await post(h, '/api/otp', { phone: PHONE, channel: 'whatsapp' })).json().channel).toBe('whatsapp');
    expect((await post(h, '/api/otp/verify', { phone: PHONE, code: twilio.codes.get(PHONE) })).statusCode).toBe(200);
  });

  it('shows the console provider’s code with its channel, and answers which channels are offered', async () => {
    const h = await service({ OTP_CHANNELS: 'whatsapp,sms' });
    expect((await post(h, '/api/otp', { phone: PHONE, channel: 'WhatsApp' })).json().channel).toBe('whatsapp');
    expect(h.codes.at(-1)).toMatchObject({ phone: PHONE, channel: 'whatsapp' });
    const offered = await h.app.inject({ method: 'GET', url: '/api/otp/countries' });
    expect(offered.json()).toEqual({ countries: ['IN'], channels: ['whatsapp', 'sms'] });
    const all = await service();
    expect((await all.app.inject({ method: 'GET', url: '/api/otp/countries' })).json().channels).toEqual([
      'sms',
      'whatsapp',
      'call',
    ]);
  });

  it('refuses a channel it does not offer as 400 channel, naming those it does, and sends or counts nothing', async () => {
    const { h, twilio } = await twilioService({ OTP_CHANNELS: 'sms,whatsapp' });
    const asked = twilio.requests.length;
    for (const channel of ['call', 'pigeon', '']) {
      const res = await post(h, '/api/otp', { phone: PHONE, channel });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'channel',
        message: `Codes are not sent by “${channel}” here. Choose one of: sms, whatsapp.`,
      });
    }
    expect(twilio.requests.length).toBe(asked);
    // Nothing was counted: the next code goes at once.
    expect((await post(h, '/api/otp', { phone: PHONE })).statusCode).toBe(200);
  });

  it('without SMS among the channels, a request that names none goes by the first offered', async () => {
    const h = await service({ OTP_CHANNELS: 'call' });
    expect((await post(h, '/api/otp', { phone: PHONE })).json().channel).toBe('call');
  });

  it('stops the start on a channel it does not know, with the reason', () => {
    expect(() => loadConfig({ OTP_CHANNELS: 'sms,telegram' }, () => {})).toThrow(
      /OTP_CHANNELS.*"telegram" is not a channel for codes: use some of sms, whatsapp, call/,
    );
  });
});
