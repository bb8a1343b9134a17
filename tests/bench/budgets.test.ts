import { describe, expect, it } from 'vitest';
import { checkBudgets } from './budgets.mjs';
import type { TypingFigures } from './typing-budgets.mjs';

const audit = (
  performance: number,
  extra: Partial<{
    accessibility: number;
    bestPractices: number;
    seo: number;
    tbtMs: number;
    cls: number;
    lcpMs: number;
    fcpMs: number;
  }> = {},
) => ({
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  tbtMs: 0,
  cls: 0,
  lcpMs: 1200,
  fcpMs: 600,
  ...extra,
});

const js = (phase: string, path: string, bytes = 1000) => ({ phase, path, bytes });

function report() {
  return {
    phone: { india: 28_000, all: 55_000, files: [] as string[] },
    pages: {
      voice: {
        before: 6000,
        after: 150_000,
        files: [
          js('before', '/dist/widgets/ai-widgets.abc12345.js', 6000),
          js('after', '/dist/widgets/chunks/vapi-client.abc12345.js'),
        ],
      },
      feedback: { before: 6000, after: 70_000, files: [js('after', '/dist/widgets/chunks/react.abc12345.js')] },
      demo: { before: 80_000, after: 100_000, files: [js('after', '/dist/widgets/chunks/PhoneField.abc12345.js')] },
      sales: { before: 80_000, after: 100_000, files: [js('after', '/dist/widgets/chunks/PhoneField.abc12345.js')] },
      salesAsync: {
        before: 80_000,
        after: 100_000,
        files: [js('after', '/dist/widgets/chunks/PhoneField.abc12345.js')],
      },
      launcher: { before: 18_000, after: 90_000, files: [js('after', '/dist/widgets/chunks/react.abc12345.js')] },
      all: { before: 80_000, after: 100_000, files: [js('after', '/dist/widgets/chunks/vapi-client.abc12345.js')] },
    },
    clicks: { voice: { median: 20, sdkLoadedFirst: false }, feedback: { median: 90, sdkLoadedFirst: false } },
    tap: { median: 80, runs: [80] } as { median: number; runs: number[] } | undefined,
    shift: { 'head 390 px': 0, 'async 1280 px': 0 } as Record<string, number> | undefined,
    callShift: { 'a voice card between copy 390 px': 0, 'our site’s hero 1280 px': 0 } as
      Record<string, number> | undefined,
    voiceLoad: {
      'a bare tag between copy, the stylesheet linked 390 px': 0,
      'a bare tag with captions between copy, the stylesheet linked 1280 px': 0,
      'a bare tag between copy, no stylesheet 390 px': 0.006,
    } as Record<string, number> | undefined,
    typing: {
      sendToRequest: { median: 12, max: 30, runs: 40 },
      deltaFrames: { median: 0, p95: 1, max: 2, pieces: 320 },
      cls: { '20 typed turns between copy 390 px': 0, '20 typed turns between copy 1280 px': 0 },
      keyToPaint: { slowest: 24, over16: 2, keys: 40 },
    } as TypingFigures | undefined,
    lighthouse: {
      'partner page with <ai-voice-demo>': audit(100),
      'partner page without it': audit(100),
      'sales page with <ai-demo-request>': audit(100),
      'sales page, script async': audit(100),
      'page with all three widgets in its HTML': audit(100, { lcpMs: 1300 }),
      'the same page without them': audit(100, { lcpMs: 1200 }),
      '/': audit(100),
      '/privacy': audit(100),
      'landing page without widgets': audit(100, { fcpMs: 600, lcpMs: 1200 }),
      'landing page, the form in its HTML, our script after its paint': audit(100, { fcpMs: 650, lcpMs: 1300 }),
      'landing page, the bare form tag, script async, no stylesheet': audit(100, { fcpMs: 600, lcpMs: 1350 }),
      'landing page, all three in its HTML, our script after its paint': audit(100, { fcpMs: 900, lcpMs: 1300 }),
    } as Record<string, ReturnType<typeof audit>>,
  };
}

const broken = (r: ReturnType<typeof report>) =>
  checkBudgets(r)
    .filter((v) => !v.ok)
    .map((v) => v.budget);

describe('the budgets of npm run bench', () => {
  it('all hold for a report within them', () => {
    expect(broken(report())).toEqual([]);
  });

  it('flag a landing page whose widgets hold back its first or largest paint, or shift it', () => {
    const r = report();
    r.lighthouse['landing page, the form in its HTML, our script after its paint'] = audit(100, {
      fcpMs: 651,
      lcpMs: 1300,
    });
    r.lighthouse['landing page, the bare form tag, script async, no stylesheet'] = audit(100, {
      fcpMs: 600,
      lcpMs: 1351,
    });
    r.lighthouse['landing page, all three in its HTML, our script after its paint'] = audit(100, {
      lcpMs: 1200,
      cls: 0.01,
    });
    expect(broken(r)).toEqual([
      'landing page, the form in its HTML, our script after its paint: behind the page without widgets',
      'landing page, the bare form tag, script async, no stylesheet: behind the page without widgets',
      'landing page, all three in its HTML, our script after its paint: behind the page without widgets',
    ]);
    delete r.lighthouse['landing page without widgets'];
    expect(broken(r)).toHaveLength(3);
  });

  it('flag a voice page over 26 KB since typing shipped, the chat client before the field is reached', () => {
    const r = report();
    r.pages.voice.before = 26_001;
    r.pages.voice.files.push(js('before', '/dist/widgets/chunks/chat-client.abc12345.js'));
    expect(broken(r)).toEqual([
      'page with only <ai-voice-demo> (voice), with typing shipped: JS before interaction',
      'voice page: heavy dependencies',
    ]);
  });

  it('flag a partner page with only the folded launcher over 26 KB, and the voice SDK before it is opened', () => {
    const r = report();
    r.pages.launcher.before = 26_001;
    r.pages.launcher.files.push(js('before', '/dist/widgets/chunks/vapi-client.abc12345.js'));
    expect(broken(r)).toEqual([
      'partner page with only the folded launcher: JS before interaction',
      'launcher page: heavy dependencies',
    ]);
  });

  it('flag a voice page over 75 KB, and a heavy chunk where it does not belong', () => {
    const r = report();
    r.pages.voice.before = 75_001;
    r.pages.voice.files.push(js('after', '/dist/widgets/chunks/PhoneField.abc12345.js'));
    r.pages.feedback.files.push(js('after', '/dist/widgets/chunks/sentry-client.abc12345.js'));
    r.pages.all.files.push(js('before', '/dist/widgets/chunks/vapi-client.abc12345.js'));
    expect(broken(r)).toEqual([
      'page with only <ai-voice-demo>: JS before interaction',
      'page with only <ai-voice-demo> (voice), with typing shipped: JS before interaction',
      'voice page: heavy dependencies',
      'feedback page: heavy dependencies',
      'all page: heavy dependencies',
    ]);
  });

  it('flag a slow click, and Connecting shown only after the SDK had loaded', () => {
    const r = report();
    r.clicks.feedback.median = 101;
    r.clicks.voice.sdkLoadedFirst = true;
    expect(broken(r)).toEqual([
      'voice: the SDK chunk is not loaded when Connecting shows',
      'click to visible feedback: feedback',
    ]);
  });

  it('flag a partner page the widget slows or shifts, and a site route under its scores', () => {
    const r = report();
    r.lighthouse['partner page with <ai-voice-demo>'] = audit(99, { tbtMs: 51, cls: 0.01 });
    r.lighthouse['/privacy'] = audit(100, { accessibility: 98 });
    r.lighthouse['/'] = audit(99, { lcpMs: 1900 });
    expect(broken(r)).toEqual([
      'partner page with the widget: TBT',
      'partner page with the widget: CLS',
      'partner page: same performance score with and without the widget',
      'site /: Lighthouse',
      'site /: CLS and LCP',
      'site /privacy: Lighthouse',
    ]);
  });

  it('flag the form: a sales page over 90 KB, the phone field over its chunks, its chunk before interaction, a late LCP', () => {
    const r = report();
    r.pages.salesAsync.before = 90_001;
    r.phone = { india: 30_001, all: 60_001, files: [] };
    r.pages.sales.files.push(js('before', '/dist/widgets/chunks/PhoneField.abc12345.js'));
    r.lighthouse['page with all three widgets in its HTML'] = audit(100, { lcpMs: 1351 });
    r.lighthouse['sales page, script async'] = audit(100, { tbtMs: 51 });
    expect(broken(r)).toEqual([
      'sales page with only the form (script async): JS before interaction',
      'phone field, India only: its chunk',
      'phone field, every country: its chunk, metadata, names and a flag',
      'sales page: heavy dependencies',
      'sales page, script async: Lighthouse performance, TBT, CLS',
      'all three widgets in the HTML: LCP behind the page without them',
    ]);
  });

  it('fail when Lighthouse did not run', () => {
    const r: Partial<ReturnType<typeof report>> = report();
    delete r.lighthouse;
    expect(broken(r as ReturnType<typeof report>)).toEqual(['Lighthouse budgets']);
  });

  it('flag a slow tap to the provider, a shifting sales landing page, and either not measured', () => {
    expect(broken({ ...report(), tap: { median: 167, runs: [167] } })).toEqual([
      'tap on the voice button to the provider',
    ]);
    expect(broken({ ...report(), shift: { 'head 390 px': 0, 'async 1280 px': 0.02 } })).toEqual([
      'sales landing page with <ai-demo-request> (script in the head, or async with the form stylesheet): CLS',
    ]);
    expect(broken({ ...report(), tap: undefined, shift: undefined })).toEqual([
      'tap on the voice button to the provider',
      'sales landing page with <ai-demo-request> (script in the head, or async with the form stylesheet): CLS',
    ]);
  });

  it('flag a voice call that shifts the page, and one not measured', () => {
    const call = 'a simulated voice call with captions, from the press to the hang-up: CLS';
    expect(
      broken({ ...report(), callShift: { 'a voice card between copy 390 px': 0, 'our site’s hero 1280 px': 0.001 } }),
    ).toEqual([call]);
    expect(broken({ ...report(), callShift: undefined })).toEqual([call]);
  });

  it('flag a bare voice tag that moves the copy below it as it loads with the stylesheet linked, and one not measured', () => {
    const load =
      'a bare <ai-voice-demo> between copy (script async, the stylesheet linked), from navigation to idle: CLS';
    expect(
      broken({
        ...report(),
        voiceLoad: {
          'a bare tag between copy, the stylesheet linked 390 px': 0.011,
          'a bare tag with captions between copy, the stylesheet linked 1280 px': 0,
        },
      }),
    ).toEqual([load]);
    // Without the stylesheet, a shift is shown but is no budget's.
    expect(
      broken({
        ...report(),
        voiceLoad: {
          'a bare tag between copy, the stylesheet linked 390 px': 0,
          'a bare tag between copy, no stylesheet 390 px': 0.011,
        },
      }),
    ).toEqual([]);
    expect(broken({ ...report(), voiceLoad: { 'a bare tag between copy, no stylesheet 390 px': 0 } })).toEqual([load]);
    expect(broken({ ...report(), voiceLoad: undefined })).toEqual([load]);
  });

  it('flag a typed conversation: a slow Send, pieces shown frames late, a shift through its turns, slow keys', () => {
    const typing = report().typing as TypingFigures;
    const slow = {
      ...typing,
      sendToRequest: { median: 51, max: 60, runs: 40 },
      deltaFrames: { median: 0, p95: 2, max: 3, pieces: 320 },
      cls: { ...typing.cls, '20 typed turns between copy 390 px': 0.0001 },
      keyToPaint: { slowest: 56, over16: 3, keys: 40 },
    };
    const all = [
      'typed conversation: Send to the request leaving (code loaded)',
      'typed conversation: a streamed piece to the frame that shows it',
      'typed conversation: 20 turns between copy: CLS',
      'typed conversation: key to paint with 200 lines in the log',
    ];
    expect(broken({ ...report(), typing: slow })).toEqual(all);
    expect(broken({ ...report(), typing: undefined })).toEqual(all);
  });
});
