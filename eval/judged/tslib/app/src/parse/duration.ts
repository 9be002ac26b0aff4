import type { DurationParts } from '../types.js';
import { InvalidDurationError } from '../errors.js';

const ISO = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Parse an ISO 8601 duration (`P1DT2H30M`). */
export function parseDuration(input: string): DurationParts {
  const m = ISO.exec(input);
  if (!m || input === 'P' || input.endsWith('T')) throw new InvalidDurationError(input);
  const [, y, mo, w, d, h, mi, s] = m;
  const out: DurationParts = {};
  if (y) out.years = Number(y);
  if (mo) out.months = Number(mo);
  if (w) out.weeks = Number(w);
  if (d) out.days = Number(d);
  if (h) out.hours = Number(h);
  if (mi) out.minutes = Number(mi);
  if (s) {
    out.seconds = Math.trunc(Number(s));
    const ms = Math.round((Number(s) % 1) * 1000);
    if (ms) out.milliseconds = ms;
  }
  return out;
}
