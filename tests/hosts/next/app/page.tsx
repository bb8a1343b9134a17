// A Server Component (no 'use client'): the wrappers are client components and render from here as
// they are. The feedback widget sits in a client component because its ref and its event callback
// are functions, which cannot cross from the server.
import { DemoRequest, VoiceDemo } from 'ai-agent-widgets/react';
import { ContactUs } from './contact-us';

export default function Page() {
  return (
    <main>
      <h1>Next.js host</h1>
      <VoiceDemo publicKey="test-public-key" assistantId="test-assistant" />
      <ContactUs />
      <DemoRequest brandName="Acme" />
    </main>
  );
}
