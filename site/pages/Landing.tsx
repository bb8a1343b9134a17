import { External } from '../components/External';
import { config } from '../config';
// The wrappers print each widget's first paint into the prerendered HTML (see widgets/entries/react.ts).
import { Feedback, VoiceDemo } from '../../widgets/entries/react';
import { Link, scrollToAnchor } from '../router';
import { BENEFITS, SOLUTIONS, STATS, STEPS, TESTIMONIALS } from './landing-content';
import { Section } from './Section';

/**
 * What the hero's demo does with what the visitor says or types, accepted before the microphone
 * opens (typing does not wait for it; the note under the card says the same of typed words).
 */
const VOICE_CONSENT =
  'The demo opens your microphone. What you say or type goes to our voice provider so the agent can answer, and the conversation may be recorded and transcribed.';
const GREETING = `Hi! I am ${config.brand.name}'s AI agent. Ask me how an AI agent could answer your calls and chats.`;

export function Landing() {
  return (
    <>
      <section id="home" className="hero">
        <div className="container hero-grid">
          <div>
            <p className="eyebrow">AI voice and chat agents</p>
            <h1>Never miss a lead, a booking or a customer again</h1>
            <p className="lead">
              {config.brand.name} builds AI agents that answer calls, qualify leads, book appointments and follow up on
              WhatsApp, day and night, in your customers' language.
            </p>
            <div className="actions">
              <External href={config.dashboardUrl} className="button button-primary button-large">
                Get Started
              </External>
              <a
                href="#solutions"
                className="button button-ghost button-large"
                onClick={(e) => (e.preventDefault(), scrollToAnchor('#solutions'))}
              >
                See solutions
              </a>
            </div>
          </div>
          <div className="hero-demo">
            <p className="hero-demo-title">Talk to our AI agent now</p>
            {/* Consent before the microphone opens, with the policy a link away; a failed call offers the call-me form. */}
            <VoiceDemo
              mode="hybrid"
              greeting={GREETING}
              publicKey={config.voice.publicKey}
              assistantId={config.voice.assistantId}
              simulate={config.voice.simulate}
              apiUrl={config.voice.apiUrl}
              backendUrl={config.backendUrl}
              captions
              consentText={VOICE_CONSENT}
              privacyHref="/privacy"
              fallbackHref="/experience"
            />
            <p className="hero-demo-note">
              {config.voice.simulate
                ? 'Talk or type. A scripted preview: nothing you type is sent. Free, no sign-up.'
                : 'Talk or type. What you say or type goes to our AI provider. Free, no sign-up.'}
            </p>
          </div>
        </div>
      </section>

      <Section
        id="solutions"
        titleId="solutions-title"
        eyebrow="Solutions"
        title="AI agents for the work that slows you down"
      >
        <div className="card-grid card-grid-3">
          {SOLUTIONS.map((s) => (
            <article key={s.title} className="card">
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </article>
          ))}
        </div>
      </Section>

      <Section
        id="about"
        titleId="about-title"
        eyebrow={`Why ${config.brand.name}`}
        title="Built for businesses that run on conversations"
        tinted
      >
        <div className="card-grid card-grid-5">
          {BENEFITS.map((b) => (
            <article key={b.title} className="card card-compact">
              <h3>{b.title}</h3>
              <p>{b.text}</p>
            </article>
          ))}
        </div>
      </Section>

      <Section
        id="experience"
        titleId="results-title"
        eyebrow="Results"
        title="What our customers see in the first months"
      >
        <ul className="stats">
          {STATS.map((s) => (
            <li key={s.label} className="stat">
              <span className="stat-value">{s.value}</span>
              <span className="stat-label">{s.label}</span>
            </li>
          ))}
        </ul>
        <div className="actions actions-center">
          <Link to="/experience" className="button button-primary button-large">
            Request a demo call
          </Link>
        </div>
      </Section>

      <Section titleId="testimonials-title" eyebrow="Testimonials" title="Teams that handed the phones to AI" tinted>
        <div className="card-grid card-grid-3">
          {TESTIMONIALS.map((t) => (
            <figure key={t.author} className="card quote">
              <blockquote>{t.quote}</blockquote>
              <figcaption>
                <strong>{t.author}</strong>
                <span>{t.company}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </Section>

      <Section titleId="steps-title" eyebrow="Getting started" title="Live in three steps">
        <ol className="steps">
          {STEPS.map((s, i) => (
            <li key={s.title} className="step">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <section id="contact" className="section contact" aria-labelledby="contact-title">
        <div className="container contact-inner">
          <h2 id="contact-title">Ready to put AI on the phones?</h2>
          <p className="lead">
            Start today, or talk it through with our experts first. We would love to hear what you think, too.
          </p>
          <div className="actions actions-center">
            <External href={config.dashboardUrl} className="button button-light button-large">
              Get Started
            </External>
            <External href={config.bookingUrl} className="button button-outline-light button-large">
              Talk to Our Experts
            </External>
            <Feedback backendUrl={config.backendUrl} className="contact-feedback" />
          </div>
        </div>
      </section>
    </>
  );
}
