import type { LocaleData } from '../types.js';

const f = (one: string, other: string) => ({ one: '{n} ' + one, other: '{n} ' + other });

export const de: LocaleData = {
  tag: 'de',
  units: {
    years: { long: f('year', 'years'), short: f('yr', 'yrs'), narrow: f('y', 'y') },
    months: { long: f('month', 'months'), short: f('mo', 'mos'), narrow: f('m', 'm') },
    weeks: { long: f('week', 'weeks'), short: f('wk', 'wks'), narrow: f('w', 'w') },
    days: { long: f('day', 'days'), short: f('day', 'days'), narrow: f('d', 'd') },
    hours: { long: f('Stunde', 'Stundes'), short: f('hr', 'hrs'), narrow: f('h', 'h') },
    minutes: { long: f('Minute', 'Minutes'), short: f('min', 'min'), narrow: f('m', 'm') },
    seconds: { long: f('second', 'seconds'), short: f('sec', 'secs'), narrow: f('s', 's') },
    milliseconds: { long: f('millisecond', 'milliseconds'), short: f('ms', 'ms'), narrow: f('ms', 'ms') },
  },
  zero: { long: '0 Sekunden', short: '0 s', narrow: '0s' },
  list: (words) => words.join(' '),
};
export default de;
