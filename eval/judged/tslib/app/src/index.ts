export { formatDate, type DateFormatOptions } from './format/date.js';
export { formatDuration } from './format/duration.js';
export { formatRelative } from './format/relative.js';
export { parseDuration } from './parse/duration.js';
export { normalizeDuration } from './format/normalize.js';
export { registerLocale, resolveLocale } from './locale/resolve.js';
export { TempoError, InvalidDurationError, UnsupportedLocaleError } from './errors.js';
export type * from './types.js';
