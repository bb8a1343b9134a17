// A demo request becomes a lead: checked (verified phone, consent the service accepts, clean name and
// attribution), stored with its call job and CRM events in one transaction, and answered with what
// will happen to the call. A second request for the same phone and agent within a day is answered
// with the first one's lead (no second call) and, once its call was made, when (`calledAt`).
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config/settings.ts';
import type { AgentId } from '../../../model/agents.ts';
import { ANSWER_OF_STATE, type CallState } from '../../../model/calls.ts';
import type { DemoRequest } from '../../../model/lead.ts';
import type { CallPlan, Store } from '../../storage/index.ts';
import { callZones, nextCallTime, realTimeZone } from '../calls/calling-hours.ts';
import type { CallWorker } from '../calls/call-worker.ts';
import type { EmbedService } from '../embeds.ts';
import type { VapiClient } from '../calls/vapi.ts';
import { acceptConsent } from '../consent.ts';
import type { OtpService } from '../otp/otp-service.ts';
import { clientHash, phoneHash } from '../personal-data.ts';
import { Refusal } from '../refusal.ts';
import { cleanMetadata, cleanName, cleanUrl } from './clean.ts';

export const DUPLICATE_WINDOW_MS = 24 * 3_600_000;

const msOrNull = (value: unknown) =>
  typeof value === 'string' && value.length <= 40 && Number.isFinite(Date.parse(value)) ? Date.parse(value) : null;

export function leadIntake({
  config,
  store,
  otp,
  calls,
  vapi,
  log,
  now,
  embeds,
}: {
  config: ServerConfig;
  store: Store;
  otp: OtpService;
  calls: CallWorker;
  vapi: VapiClient;
  log: FastifyBaseLogger;
  now: () => number;
  embeds: EmbedService;
}) {
  async function plan(phone: string, country: string, agentId: AgentId, zone: string | null): Promise<CallPlan> {
    if (!vapi.configured(config.voice.assistants[agentId])) return { status: 'not-configured', callAt: null };
    if (await store.suppressions.has({ phone, phoneHash: phoneHash(config.dataHashKey, phone) }))
      return { status: 'failed', callAt: null, failureReason: 'suppressed' };
    const zones = callZones(zone, country);
    if (!zones) log.warn({ country }, 'no time zone known for this country: calling hours are taken in UTC');
    const at = now();
    const callAt = nextCallTime(at, zones ?? ['UTC'], config.calls.hours);
    return callAt > at ? { status: 'scheduled', callAt } : { status: 'pending', callAt: null };
  }

  return {
    async submit(input: DemoRequest, client: { ip: string; userAgent: string | null; origin?: string }) {
      const embed = await embeds.check({ embedId: input.embedId, origin: client.origin, agentId: input.agentId });
      const phone = otp.phoneOf(input.phone);
      embeds.checkCountry(embed, phone.country);
      const name = cleanName(input.name);
      if (!name.ok) throw new Refusal(400, 'name', name.message);
      // An embed's leads carry one of its own sentences only, never the service's defaults or CONSENT_TEXTS_FILE's.
      const texts = embed ? await embeds.consents(embed.id) : config.consentTexts;
      const consent = acceptConsent(texts, input.consentText, input.consentVersion ?? null);
      if (!consent) {
        log.warn(
          { embedId: embed?.id ?? null, consentVersion: input.consentVersion ?? null },
          'a lead was refused: its consent sentence is not one accepted here (the form shows another brand or version)',
        );
        throw new Refusal(
          400,
          'consent-text',
          embed
            ? 'The consent sentence on this form is not one set up for it, so we cannot take your request. The site’s owner needs to update the form.'
            : 'The consent sentence you saw is not one we can accept. Please reload the page and try again.',
        );
      }
      const metadata = cleanMetadata(input.metadata);
      if (!metadata.ok) throw new Refusal(400, 'metadata', metadata.message);
      const token = await otp.checkLeadToken(input.token, phone.phone);
      const zone = input.timeZone === undefined ? null : realTimeZone(input.timeZone);
      if (input.timeZone !== undefined && !zone)
        log.warn('a lead sent an unknown time zone: the phone country’s is used');

      const callPlan = await plan(phone.phone, phone.country, input.agentId, zone);
      const added = await store.leads.add({
        lead: {
          agentId: input.agentId,
          name: name.name,
          phone: phone.phone,
          phoneHash: phoneHash(config.dataHashKey, phone.phone),
          tokenId: token.id,
          createdAt: now(),
          consentText: input.consentText.normalize('NFC').trim(),
          consentVersion: consent.version,
          consentSha256: consent.sha256,
          consentedAt: msOrNull(input.consentedAt),
          verifiedAt: token.verifiedAt,
          clientIp: client.ip,
          userAgent: client.userAgent?.slice(0, 512) ?? null,
          pageUrl: cleanUrl(input.pageUrl),
          referrer: cleanUrl(input.referrer),
          timeZone: zone,
          utm: input.utm ?? {},
          clickIds: input.clickIds ?? {},
          metadata: metadata.metadata,
          // A claim: storage keeps it only when it names a demo the gate granted to this same client (no error
          // for one it does not), as continuing and ending a demo require.
          demoSessionId: input.demoSessionId || null,
          demoClientHash: clientHash(config.dataHashKey, client.ip),
          embedId: embed?.id ?? null,
        },
        plan: callPlan,
        deliver: Boolean(config.webhook.url),
        duplicateWindowMs: DUPLICATE_WINDOW_MS,
      });
      if (added === 'token-used')
        throw new Refusal(
          401,
          'verification',
          'This verification was already used for a request. Verify your number again to send another.',
        );
      const answer = (status: CallState, callAt: number | null) => ({
        id: added.id,
        call: ANSWER_OF_STATE[status],
        ...(status === 'scheduled' && callAt ? { callAt: new Date(callAt).toISOString() } : {}),
      });
      if (added.duplicate) {
        log.info({ leadId: added.id }, 'repeated demo request: answered with the earlier lead');
        // What already happened, not what a first request would hear: the time the call was made (#34).
        const calledAt =
          ANSWER_OF_STATE[added.status] === 'placed' && added.placedAt
            ? { calledAt: new Date(added.placedAt).toISOString() }
            : {};
        return {
          status: 200 as const,
          body: { ...answer(added.status, added.callAt), ...calledAt, duplicate: true as const },
        };
      }
      log.info({ leadId: added.id, call: added.status }, 'lead stored');
      if (added.status !== 'pending') return { status: 201 as const, body: answer(added.status, added.callAt) };
      // The call is placed right away; the answer waits for its first attempt (bounded by its timeout).
      const state = await calls.settle(added.id, config.providerTimeoutMs + 1000);
      return { status: 201 as const, body: answer(state?.status ?? 'pending', state?.callAt ?? null) };
    },
  };
}

export type LeadIntake = ReturnType<typeof leadIntake>;
