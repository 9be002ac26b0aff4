/** A duration split into calendar units. All fields optional, non-negative integers. */
export interface DurationParts {
  years?: number;
  months?: number;
  weeks?: number;
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
  milliseconds?: number;
}

export type DurationUnit = keyof DurationParts;

export type DurationStyle = 'long' | 'short' | 'narrow' | 'digital';

export interface FormatOptions {
  /** BCP 47 locale tag, e.g. `fr-CA`. Defaults to `en`. */
  locale?: string;
}

export interface DurationFormatOptions extends FormatOptions {
  style?: DurationStyle;
  /** Maximum number of units shown, largest first. */
  maxUnits?: number;
}

export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
