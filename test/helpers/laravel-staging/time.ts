// The staging's determinism: a seeded generator, and timestamps as Laravel's
// Carbon serializes them.

/** A small, seeded generator (mulberry32): the same seed, the same staging. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Carbon's JSON form: microseconds and Z. */
export function carbon(ms: number, micros = 0): string {
  return new Date(ms)
    .toISOString()
    .replace(/\.(\d{3})Z$/, (_m, milli) => `.${milli}${String(micros).padStart(3, '0')}Z`);
}
