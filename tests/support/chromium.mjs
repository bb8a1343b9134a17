// How every browser here is launched: Debian's Chromium (Playwright cannot download browsers
// on these machines), CHROMIUM_PATH to point elsewhere, and a fake microphone.

export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];
