export class TempoError extends Error {
  override name = 'TempoError';
}

export class InvalidDurationError extends TempoError {
  override name = 'InvalidDurationError';
  constructor(public readonly input: unknown) {
    super(`Invalid duration: ${JSON.stringify(input)}`);
  }
}

export class UnsupportedLocaleError extends TempoError {
  override name = 'UnsupportedLocaleError';
  constructor(public readonly locale: string) {
    super(`Unsupported locale: ${locale}`);
  }
}
