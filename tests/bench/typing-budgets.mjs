// Issue 42's budgets for the typed conversation, checked against typing.mjs's figures. Pure: unit-tested in budgets.test.ts.

export const TYPING_LIMITS = {
  /** Send (Enter) to the request to `/chat/web` leaving, once the conversation's code is loaded: median. */
  sendToRequestMs: 50,
  /** Frame boundaries between a streamed piece's arrival and the DOM that shows it (95th percentile): 0 paints it in the next frame, 1 allows an arrival at a frame's edge. */
  deltaFrames: 1,
  /** 20 typed turns on a page of copy. */
  cls: 0,
  /** The slowest key, input to the next paint, with 200 lines in the log. */
  keyToPaintMs: 50,
};

/**
 * @typedef {{ sendToRequest: { median: number, max: number, runs: number }, deltaFrames: { median: number, p95: number, max: number, pieces: number }, cls: Record<string, number>, keyToPaint: { slowest: number, over16: number, keys: number } }} TypingFigures
 * @param {TypingFigures | undefined} t
 * @param {(budget: string, limit: string, actual: string | number, ok: boolean) => void} check
 */
export function checkTyping(t, check) {
  const L = TYPING_LIMITS;
  const names = {
    send: 'typed conversation: Send to the request leaving (code loaded)',
    delta: 'typed conversation: a streamed piece to the frame that shows it',
    cls: 'typed conversation: 20 turns between copy: CLS',
    keys: 'typed conversation: key to paint with 200 lines in the log',
  };
  if (!t) {
    for (const name of Object.values(names)) check(name, 'measured', 'not measured', false);
    return;
  }
  check(
    names.send,
    `≤ ${L.sendToRequestMs} ms (median)`,
    `${t.sendToRequest.median} ms (slowest ${t.sendToRequest.max} ms of ${t.sendToRequest.runs})`,
    t.sendToRequest.median <= L.sendToRequestMs,
  );
  check(
    names.delta,
    `≤ ${L.deltaFrames} frame boundary (95th percentile)`,
    `median ${t.deltaFrames.median}, 95th percentile ${t.deltaFrames.p95}, most ${t.deltaFrames.max} of ${t.deltaFrames.pieces} pieces`,
    t.deltaFrames.p95 <= L.deltaFrames,
  );
  const widths = Object.entries(t.cls);
  check(
    names.cls,
    `= ${L.cls}`,
    widths.map(([w, v]) => `${v} at ${w}`).join(', '),
    widths.length > 0 && Math.max(...widths.map(([, v]) => v)) <= L.cls,
  );
  check(
    names.keys,
    `≤ ${L.keyToPaintMs} ms (slowest key)`,
    `${t.keyToPaint.slowest} ms (${t.keyToPaint.over16} of ${t.keyToPaint.keys} keys over 16 ms)`,
    t.keyToPaint.slowest <= L.keyToPaintMs,
  );
}
