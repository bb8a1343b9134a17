import { LegalPage } from '../components/LegalPage';
import { config } from '../config';

const brand = config.brand.name;

/** A retention period: the default here; the service writes the one in force into the page it serves. */
function Period({ kind, children }: { kind: 'leads' | 'call-content' | 'crm' | 'demos'; children: string }) {
  return (
    <span data-retention={kind} suppressHydrationWarning>
      {children}
    </span>
  );
}

export default function Privacy() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="28 November 2026"
      sections={[
        {
          title: 'Information We Collect',
          body: (
            <>
              <p>
                We collect what you give us (your name, e-mail address, phone number and feedback), call recordings and
                transcripts of conversations with our agents, and technical data such as browser type and error reports
                that help us keep the site working.
              </p>
              <h3>What a demo request keeps, and for how long</h3>
              <p>
                When you ask for a demo call we keep your name, your phone number, your network address, your browser,
                the page you were on and the page that sent you there, the campaign you came from, proof of your consent
                (the sentence you agreed to and when you verified your number), and how the call went, with its
                transcript and recording. We keep a request for <Period kind="leads">2 years</Period>; the transcript,
                summary and recording of a call for <Period kind="call-content">180 days</Period>; and copies sent to
                our CRM for <Period kind="crm">30 days</Period> after they are delivered. One-time codes go within a
                day. Ask us to delete your data and we erase it from every record; we keep only a coded form of your
                number, so that we never call a number that asked us not to.
              </p>
              <h3>What a web demo keeps, and for how long</h3>
              <p>
                When you talk or type with one of our demo agents on a web page, we keep which agent it was, the page
                and the site it was on, whether you talked or typed, when it started and ended and how long it lasted,
                why it ended, and what was said: its summary and transcript. We keep this to run the demos within their
                daily limits, to improve our agents, and so our team knows how a demo went; your network address is kept
                only in a coded form, to limit how many demos one connection may start. We keep a demo for{' '}
                <Period kind="demos">90 days</Period>. If you ask for a demo call from the same browser tab afterwards,
                your request is linked to that demo, so our team sees that you tried it and for how long; a copy of your
                data includes it, and deleting your data deletes it too.
              </p>
            </>
          ),
        },
        {
          title: 'How We Use Your Data',
          body: (
            <p>
              We use your data to provide and improve our services, to arrange the demo calls you request, to answer
              your questions and feedback, and to keep our services secure. We do not sell your personal data.
            </p>
          ),
        },
        {
          title: 'Data Sharing and Storage',
          body: (
            <p>
              We share data only with the providers that help us run the service (voice, telephony, messaging and
              hosting), under contracts that protect it. Data is stored on secure servers and kept only as long as
              needed for the purposes above or required by law.
            </p>
          ),
        },
        {
          title: 'User Consent',
          body: (
            <p>
              When you ask for a demo call, you agree to receive messages, including automated calls and AI-powered demo
              calls, at the contact information you give. You can withdraw consent at any time: reply STOP to any
              message to opt out.
            </p>
          ),
        },
        {
          title: 'Third-Party Integrations',
          body: (
            <p>
              When you connect a CRM, a telephony provider or WhatsApp, data flows between {brand} and that service as
              you configure it. Their own privacy policies apply to their processing. Our WhatsApp messaging follows the
              WhatsApp Business Policy.
            </p>
          ),
        },
        {
          title: 'Your Rights',
          body: (
            <p>
              You may ask to access, correct, export or delete your personal data, and object to its processing, as the
              GDPR and India's Digital Personal Data Protection Act provide. Write to us and we will answer within 30
              days.
            </p>
          ),
        },
        {
          title: 'Security Measures',
          body: (
            <p>
              We use encryption in transit and at rest, access controls, monitoring and regular reviews to protect your
              data.
            </p>
          ),
        },
        {
          title: "Children's Privacy",
          body: (
            <p>
              Our services are not intended for anyone under 18, and we do not knowingly collect data from children.
            </p>
          ),
        },
        {
          title: 'Policy Updates',
          body: (
            <p>
              We may update this policy and will post the new version here with its date; material changes are announced
              in advance.
            </p>
          ),
        },
      ]}
    />
  );
}
