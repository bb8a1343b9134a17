// CALL_HOURS as a setting: the daily window, in the visitor's own time zone, in which demo calls go out.

export type CallHours = { startMinute: number; endMinute: number };

/** "09:00-20:00"; "00:00-24:00" is any time. */
export function parseCallHours(value: string): CallHours | null {
  const m = /^(\d\d):(\d\d)-(\d\d):(\d\d)$/.exec(value.trim());
  if (!m) return null;
  const [start, end] = [Number(m[1]) * 60 + Number(m[2]), Number(m[3]) * 60 + Number(m[4])];
  if (Number(m[2]) > 59 || Number(m[4]) > 59 || start >= end || end > 24 * 60) return null;
  return { startMinute: start, endMinute: end };
}
