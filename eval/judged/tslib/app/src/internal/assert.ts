import type { DurationParts } from '../types.js';
import { InvalidDurationError } from '../errors.js';

export function assertDuration(value: unknown): asserts value is DurationParts {
  if (typeof value !== 'object' || value === null) throw new InvalidDurationError(value);
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || !Number.isInteger(v)) {
      throw new InvalidDurationError({ [k]: v });
    }
  }
}
