import { freePort } from './free-port.mjs';

/**
 * Where the test harness serves the examples and the stubs (loopback only). Free ports are picked once,
 * in the process that loads the config first, and handed to Playwright's workers through the environment,
 * so two test runs on one machine never collide. TEST_PREVIEW_PORT / TEST_STUB_PORT pin them.
 */
process.env.TEST_PREVIEW_PORT ||= String(freePort());
process.env.TEST_STUB_PORT ||= String(freePort());

export const PREVIEW_PORT = Number(process.env.TEST_PREVIEW_PORT);
export const STUB_PORT = Number(process.env.TEST_STUB_PORT);
export const PREVIEW_ORIGIN = `http://127.0.0.1:${PREVIEW_PORT}`;
export const STUB_ORIGIN = `http://127.0.0.1:${STUB_PORT}`;
