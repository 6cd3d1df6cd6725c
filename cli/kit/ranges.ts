// Flags whose range a library states (MOCK_LIMITS, RUN_LIMITS, PROXY_LIMITS):
// the flag is read by the same bounds the library checks, written once there.
import { parseSize, SIZE_RANGE } from '../../lib/limits.js';
import { type Parse, wholeNumber, withAllowed } from './command.js';

type Range = readonly [min: number, max: number];

/** A whole number within the library's range. */
export const within = ([min, max]: Range, noun?: string): Parse<number> => wholeNumber(min, max, noun);

/** Whole seconds on the command line, milliseconds in the library's options (and its range). */
export function secondsWithin([min, max]: Range): Parse<number> {
  const n = wholeNumber(Math.ceil(min / 1000), Math.floor(max / 1000));
  return withAllowed((raw, name) => n(raw, name) * 1000, n.allowed!);
}

/** A size (`10m`, `512k`, bytes) within lib/limits.ts's SIZE_RANGE, as every size option takes. */
export const size: Parse<number> = withAllowed(
  (raw, name) => parseSize(name, raw),
  `${SIZE_RANGE[0] / 1024}k to ${SIZE_RANGE[1] / 1024 ** 3}g, e.g. 10m, 512k or bytes`,
);
