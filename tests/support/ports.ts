/** Where the test harness serves the examples and the stubs (loopback only). */
export const PREVIEW_PORT = Number(process.env.TEST_PREVIEW_PORT ?? 4310);
export const STUB_PORT = Number(process.env.TEST_STUB_PORT ?? 4311);
export const PREVIEW_ORIGIN = `http://127.0.0.1:${PREVIEW_PORT}`;
export const STUB_ORIGIN = `http://127.0.0.1:${STUB_PORT}`;
