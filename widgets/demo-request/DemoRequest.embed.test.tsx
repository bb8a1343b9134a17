// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DemoRequest } from './DemoRequest';
import { forgetEmbeds } from '../lib/embed';

// `embed` (#54): the form asks for the embed when the visitor first reaches for it, never on render
// or a passing pointer, and never without `embed`; two forms on a page ask once.

const EMBED = {
  id: 'emb_abcdefghijklmnop',
  active: true,
  brandName: 'Acme Partner',
  agents: ['receptionist', 'supportEnglish'],
  countries: ['IN'],
  consentText: 'I agree… from Acme Partner services.',
  consentVersion: 'emb-en-1',
  consentTexts: { en: { text: 'I agree… from Acme Partner services.', version: 'emb-en-1' } },
  allowed: true,
};

function service(embed: unknown = EMBED) {
  const fetch = vi.fn(async (url: string) =>
    String(url).includes('/embeds/')
      ? new Response(JSON.stringify(embed), { status: 200 })
      : new Response(JSON.stringify({ countries: ['IN'] }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  return () => fetch.mock.calls.map((call) => String(call[0])).filter((url) => url.includes('/embeds/'));
}

afterEach(() => {
  cleanup();
  forgetEmbeds();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('<DemoRequest embed>', () => {
  it('asks nothing on render or hover; the first press asks once, for two forms, and the embed decides', async () => {
    const asked = service();
    const user = userEvent.setup();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <>
        <DemoRequest backendUrl="/api" embed={EMBED.id} brandName="Someone Else" />
        <DemoRequest backendUrl="/api" embed={EMBED.id} />
      </>,
    );
    await user.hover(screen.getAllByRole('radiogroup')[0]!);
    await new Promise((done) => setTimeout(done, 50));
    expect(asked()).toEqual([]);
    await user.click(screen.getAllByRole('radio', { name: 'AI Receptionist' })[0]!);
    await user.click(screen.getAllByRole('radio', { name: 'AI Receptionist' })[1]!);
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(4));
    expect(asked()).toEqual([`/api/embeds/${EMBED.id}`]);
    expect(screen.getAllByRole('checkbox', { name: EMBED.consentText })).toHaveLength(2);
    expect(console.warn).toHaveBeenCalledWith(
      `<ai-demo-request>: brand-name="Someone Else" is ignored: embed's value is "Acme Partner" (set it in the desk).`,
    );
  });

  it('never asks without embed', async () => {
    const asked = service();
    const user = userEvent.setup();
    render(<DemoRequest backendUrl="/api" />);
    await user.click(screen.getByRole('radio', { name: 'AI Receptionist' }));
    await new Promise((done) => setTimeout(done, 50));
    expect(asked()).toEqual([]);
    expect(screen.getAllByRole('radio')).toHaveLength(4);
  });

  it('says it is not set up for a page outside the embed’s origins, in place of the form', async () => {
    service({ ...EMBED, allowed: false });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<DemoRequest backendUrl="/api" embed={EMBED.id} />);
    await user.click(screen.getByRole('radio', { name: 'AI Receptionist' }));
    expect((await screen.findByRole('alert')).textContent).toBe("This form isn't set up for this page yet.");
    expect(screen.queryByRole('button', { name: 'Get OTP' })).toBeNull();
  });

  it('tells the page’s developer, once, that embed without backend-url is not used, and asks nothing', async () => {
    const asked = service();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <>
        <DemoRequest embed="emb_qrstuvwxyzabcdef" />
        <DemoRequest embed="emb_qrstuvwxyzabcdef" />
      </>,
    );
    await userEvent.setup().click(screen.getAllByRole('radio', { name: 'AI Receptionist' })[0]!);
    const notes = warn.mock.calls.filter(([message]) => String(message).includes('backend-url'));
    expect(notes).toEqual([
      [
        `<ai-demo-request>: embed="emb_qrstuvwxyzabcdef" is not used: set backend-url to the service's /api address too.`,
      ],
    ]);
    expect(asked()).toEqual([]);
  });
});
