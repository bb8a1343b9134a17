// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link as DeskLink, useRouter as useDeskRouter } from '../desk/router';
import { Link, Router, useRouter } from './router';

// The router the site and the desk share (../ui/router.tsx), through each app's own module: which clicks
// the app follows itself, and which it leaves to the browser. The pages' navigation is tested in
// Chromium (tests/e2e/site-navigation.spec.ts, tests/e2e/desk.spec.ts).

afterEach(cleanup);
beforeEach(() => {
  history.replaceState(null, '', '/');
  window.scrollTo = vi.fn() as never;
});

function SitePath() {
  return <p data-testid="path">{useRouter().path}</p>;
}

function DeskPath() {
  const { location } = useDeskRouter();
  return <p data-testid="path">{location.pathname + location.search}</p>;
}

/** Clicks a link: true when the browser would follow it (the app left it alone), which the test's DOM is then kept from doing. */
function click(name: string, init: MouseEventInit = {}) {
  let browsers = true;
  const after = (event: Event) => {
    browsers = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', after);
  fireEvent.click(screen.getByRole('link', { name }), { button: 0, ...init });
  window.removeEventListener('click', after);
  return browsers;
}

describe('the shared router', () => {
  it('follows a plain click on a site link without loading a page, and leaves modified ones to the browser', () => {
    render(
      <Router>
        <Link to="/terms">Terms</Link>
        <SitePath />
      </Router>,
    );
    for (const modifier of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey']) {
      expect(click('Terms', { [modifier]: true })).toBe(true);
      expect(screen.getByTestId('path').textContent).toBe('/');
    }
    expect(click('Terms', { button: 1 })).toBe(true);
    expect(click('Terms')).toBe(false);
    expect(screen.getByTestId('path').textContent).toBe('/terms');
    expect(location.pathname).toBe('/terms');
  });

  it('gives a section link its address on the landing page and scrolls to the section there', () => {
    const scrolled = vi.fn();
    render(
      <Router>
        <section id="about" ref={(el) => void (el && (el.scrollIntoView = scrolled))} />
        <Link to="#about">About</Link>
      </Router>,
    );
    expect(screen.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/#about');
    expect(click('About')).toBe(false);
    expect(scrolled).toHaveBeenCalledOnce();
  });

  it('leaves a link to another tab or another origin to the browser, and follows the desk’s with its query', () => {
    render(
      <Router>
        <DeskLink to="/desk/leads?agent=receptionist">Leads</DeskLink>
        <DeskLink to="/desk/leads" target="_blank">
          New tab
        </DeskLink>
        <DeskLink to="https://elsewhere.example/desk">Elsewhere</DeskLink>
        <DeskPath />
      </Router>,
    );
    expect(click('New tab')).toBe(true);
    expect(click('Elsewhere')).toBe(true);
    expect(screen.getByTestId('path').textContent).toBe('/');
    expect(click('Leads')).toBe(false);
    expect(screen.getByTestId('path').textContent).toBe('/desk/leads?agent=receptionist');
  });
});
