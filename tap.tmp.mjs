import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from './tests/support/chromium.mjs';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
for (let i = 0; i < 3; i++) {
const context = await b.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
await context.addInitScript(() => {
  const state = window.__tap = { down: 0, sent: 0, gum: 0, gumEnd: 0 };
  addEventListener('touchstart', (e) => (state.down ||= e.timeStamp), { capture: true, passive: true });
  const send = window.fetch;
  window.fetch = function (input, init) { if (String(input instanceof Request ? input.url : input).endsWith('/call/web')) state.sent ||= performance.now(); return send.call(this, input, init); };
  const gum = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = (c) => { state.gum ||= performance.now(); return gum(c).then((s) => { state.gumEnd ||= performance.now(); return s; }); };
});
const page = await context.newPage();
await page.goto('http://127.0.0.1:4391/bench/voice.html');
await page.waitForLoadState('networkidle');
const box = await page.locator('ai-voice-demo').getByRole('button').boundingBox();
await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
await page.waitForFunction(() => window.__tap.sent);
console.log(await page.evaluate(() => { const t = window.__tap; const r = performance.getEntriesByType('resource').filter((e) => e.name.includes('chunks')).map((e) => `${e.name.replace(/.*chunks\//, '').slice(0, 14)} start=${Math.round(e.startTime - t.down)} end=${Math.round(e.responseEnd - t.down)}`); const m = performance.getEntriesByType('mark').map((e) => e.name + '=' + Math.round(e.startTime - t.down)).join(' '); return [m, `gum=${Math.round(t.gum - t.down)} gumEnd=${Math.round(t.gumEnd - t.down)} sent=${Math.round(t.sent - t.down)}`, ...r].join('\n'); }));
await context.close();
}
await b.close();
