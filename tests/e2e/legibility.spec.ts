import { expect, test } from '@playwright/test';
import { lowContrastControls } from './visual';

// The legibility check itself, on a page of its own: it must find a faint label wherever it is on a
// long page (one picture per screenful, of the part the controls cover), judge it against what is
// painted behind it, and pass over a control under another layer.
test('finds every faint label on a long page, judged against the painted background, and skips covered ones', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.setContent(`
    <body style="margin:0;font:16px sans-serif">
      <button style="color:#000;background:#fff">Readable at the top</button>
      <button style="color:#bbb;background:#fff">Faint at the top</button>
      <div style="height:1500px"></div>
      <div style="padding-left:400px"><button style="color:#444;background:#111">Grey on black, away from the corner</button></div>
      <div style="height:1500px"></div>
      <div style="background:#222;padding:8px"><a href="#x" style="color:#333">Dark on dark, far below</a></div>
      <div style="height:1500px"></div>
      <button style="color:#fff;background:#06c">White on blue, at the end</button>
      <button style="position:fixed;top:540px;left:0;color:#ccc;background:#fff">Faint but covered</button>
      <div style="position:fixed;top:530px;left:0;width:800px;height:60px;background:#eee"></div>
    </body>`);
  const problems = await lowContrastControls(page, 'body');
  expect(problems.map((p) => p.split(':')[0])).toEqual([
    '"Faint at the top"',
    '"Grey on black, away from the corner"',
    '"Dark on dark, far below"',
  ]);
});
