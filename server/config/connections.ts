// What the settings connect, said at start (`npm start`, `npm run serve`) and by `npm run doctor`: one
// line for each outside service or opening, "on", "off (why)" or "half set: missing X". A setting set
// without the one it needs starts the service as well as it can, so without this line it would go unsaid.
// Only names and public addresses are said, never a key, token or secret (a URL only by its origin).
import type { AgentId } from '../../model/agents.ts';
import { ownOrigins, type ServerConfig } from './settings.ts';

export type Connection = {
  /** What is connected, as the line names it. */
  name: string;
  state: 'on' | 'off' | 'half';
  /** For `on`: what it is connected to; `off`: why; `half`: what is missing, then what happens meanwhile. */
  words: string;
};

const ASSISTANT_SETTINGS: Record<AgentId, string> = {
  receptionist: 'VAPI_ASSISTANT_RECEPTIONIST',
  realEstate: 'VAPI_ASSISTANT_REAL_ESTATE',
  supportHindi: 'VAPI_ASSISTANT_SUPPORT_HINDI',
  supportEnglish: 'VAPI_ASSISTANT_SUPPORT_ENGLISH',
};

const on = (name: string, words: string): Connection => ({ name, state: 'on', words });
const off = (name: string, why: string): Connection => ({ name, state: 'off', words: why });
const half = (name: string, missing: string[], meanwhile: string): Connection => ({
  name,
  state: 'half',
  words: `${missing.join(', ')} (${meanwhile})`,
});

/** A URL said without what may be a secret in it (a path token, a query key): its origin, and "/…" when there was more. */
export const originOnly = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.length > 1 || parsed.search ? '/…' : ''}`;
};

export function connections(config: ServerConfig): Connection[] {
  return [codes(config), demoCalls(config), webDemos(config), crm(config), origins(config), deskSignIn(config)];
}

function codes({ otp }: ServerConfig): Connection {
  const name = 'One-time codes';
  const to = `to numbers in ${otp.countries.join(', ')}`;
  if (otp.provider === 'twilio') return on(name, `Twilio Verify, ${to}`);
  const { accountSid, authToken, serviceSid } = otp.twilio;
  if (accountSid || authToken || serviceSid) {
    const missing = Object.entries({
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_VERIFY_SERVICE_SID: serviceSid,
    })
      .filter(([, value]) => !value)
      .map(([setting]) => setting);
    return half(name, ['OTP_PROVIDER=twilio', ...missing], 'the codes are shown in this terminal; none is sent');
  }
  return on(name, `shown in this terminal (OTP_PROVIDER=console), ${to}; no text message is sent`);
}

function demoCalls({ voice }: ServerConfig): Connection {
  const name = 'Demo calls';
  const agents = Object.entries(ASSISTANT_SETTINGS) as [AgentId, string][];
  const withAssistant = agents.filter(([agent]) => voice.assistants[agent]);
  // A private key alone is for calls unless VAPI_ORG_ID says it signs the web demos' tokens.
  const meant = voice.phoneNumberId || withAssistant.length || (voice.privateKey && !voice.orgId);
  if (!meant) return off(name, 'VAPI_PHONE_NUMBER_ID is unset: leads are kept, answered not-configured');
  const without = agents.filter(([agent]) => !voice.assistants[agent]).map(([, setting]) => setting);
  const placed = voice.privateKey && voice.phoneNumberId && withAssistant.length;
  // Everything missing at once, so one round of settings mends it.
  const missing = [
    ...(voice.privateKey ? [] : ['VAPI_PRIVATE_KEY']),
    ...(voice.phoneNumberId ? [] : ['VAPI_PHONE_NUMBER_ID']),
    ...(withAssistant.length ? without : ['a VAPI_ASSISTANT_* (one per demo agent)']),
    ...(voice.webhookSecret ? [] : ['VAPI_WEBHOOK_SECRET']),
  ];
  if (missing.length) {
    const meanwhile = !placed
      ? 'no call is placed: leads are answered not-configured'
      : without.length
        ? `those agents' leads get no call; the others' do${voice.webhookSecret ? '' : ', and how they went is refused'}`
        : 'calls are placed, but how they went is refused at /api/voice/events';
    return half(name, missing, meanwhile);
  }
  return on(name, 'the voice provider calls every demo agent’s leads');
}

function webDemos({ voice }: ServerConfig): Connection {
  const name = 'Web demos';
  const signs = Boolean(voice.orgId && voice.privateKey);
  if (!voice.publicKey && !voice.orgId && !voice.siteAssistant)
    return off(name, 'VITE_VAPI_PUBLIC_KEY is unset: the site’s demo is simulated and the gate grants none');
  const assistants = voice.siteAssistant || Object.values(voice.assistants).some(Boolean);
  const granted = (signs || voice.publicKey) && assistants && !(voice.orgId && !voice.privateKey);
  const missing = [
    ...(voice.orgId && !voice.privateKey ? ['VAPI_PRIVATE_KEY'] : []),
    ...(voice.publicKey ? [] : ['VITE_VAPI_PUBLIC_KEY']),
    ...(assistants ? [] : ['VITE_VAPI_ASSISTANT_ID']),
    ...(voice.webhookSecret ? [] : ['VAPI_WEBHOOK_SECRET']),
  ];
  if (missing.length) {
    const unreported = voice.webhookSecret ? '' : ', each counted as DEMO_MAX_SECONDS (its report refused)';
    const meanwhile = !granted
      ? 'the gate grants no demo'
      : !voice.publicKey
        ? `calls are granted${unreported}; typed chats are refused`
        : `demos are granted${unreported}`;
    return half(name, missing, meanwhile);
  }
  return on(
    name,
    signs ? 'calls with tokens signed for VAPI_ORG_ID, chats with the public key' : 'with the public key',
  );
}

function crm({ webhook }: ServerConfig): Connection {
  const name = 'CRM';
  if (webhook.url) return on(name, `every lead's events to ${originOnly(webhook.url)}, signed`);
  if (webhook.secret) return half(name, ['LEAD_WEBHOOK_URL'], 'nothing is sent');
  return off(name, 'LEAD_WEBHOOK_URL is unset: leads stay in the desk and the exports');
}

function origins({ corsOrigins, publicUrl, port }: ServerConfig): Connection {
  const name = 'Allowed origins';
  const site = new URL(publicUrl).origin;
  // The settings add the site's own addresses to CORS_ORIGINS' list: what is left are the partners' pages.
  const own = new Set(ownOrigins(publicUrl, port));
  const others = corsOrigins.filter((origin) => !own.has(origin));
  if (others.length) return on(name, `${others.join(', ')}, besides this site's own`);
  return off(name, `CORS_ORIGINS is unset: only this site's own pages (${site}) may call the API`);
}

function deskSignIn({ deskSignIn: { password, sso }, deskRequire2fa }: ServerConfig): Connection {
  const ways = [
    ...(password ? ['password'] : []),
    ...(sso ? [`single sign-on with ${sso.name} (${sso.domains.join(', ')})`] : []),
  ];
  const second = { admins: 'a second step for admins', all: 'a second step for everyone', off: 'no second step' };
  return on('Desk sign-in', `${ways.join(' or ')}, ${second[deskRequire2fa]}`);
}

/** One line: the name, padded as the start's banner pads its labels, then what it says. */
export function connectionLine({ name, state, words }: Connection): string {
  const said = state === 'on' ? `on: ${words}` : state === 'off' ? `off (${words})` : `half set: missing ${words}`;
  return `  ${`${name}:`.padEnd(18)}${said}`;
}
