import { bench } from 'vitest';
import { formatDuration } from '../src/index.js';

bench('formatDuration long en', () => {
  formatDuration({ hours: 3, minutes: 12, seconds: 5 });
});
