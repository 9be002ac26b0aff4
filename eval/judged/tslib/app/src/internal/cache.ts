/** Memoise Intl constructors; they are expensive (~50µs each). */
export function memo<A extends unknown[], R>(fn: (...args: A) => R, key: (...args: A) => string): (...args: A) => R {
  const cache = new Map<string, R>();
  return (...args: A) => {
    const k = key(...args);
    let v = cache.get(k);
    if (v === undefined) {
      v = fn(...args);
      cache.set(k, v);
    }
    return v;
  };
}
