// What a lead's page says of the web demo its tab tried before asking (issue 46): "Tried the demo for
// 2 min 10 s first", or without the length while the demo's report has not come (or once the demo is
// gone with DEMO_RETENTION_DAYS: the lead still tried it).
import type { LeadDemo } from '../../model/lead';

/** A demo's length in whole seconds as a person says it: "2 min 10 s", "2 min", "45 s". */
export function demoLength(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const [minutes, rest] = [Math.floor(whole / 60), whole % 60];
  if (!minutes) return `${rest} s`;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}

/** The line for the lead's page; null when the lead's tab tried no demo (or the service is older). */
export function demoWords(demo: LeadDemo | null | undefined): string | null {
  if (!demo) return null;
  return demo.durationSeconds === null
    ? 'Tried the demo first'
    : `Tried the demo for ${demoLength(demo.durationSeconds)} first`;
}
