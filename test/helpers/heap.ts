// How much of the heap a value keeps alive, measured with forced collections:
// for tests that a finding does not hold the answer it was cut from.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const used = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed + process.memoryUsage().external;
};

/** Bytes of heap (and external strings) still held once `make` has returned its value and the rest is collected. */
export async function retained<T>(make: () => T | Promise<T>): Promise<number> {
  const before = used();
  const value = await make();
  const after = used();
  // Keeps the value alive until measured.
  if (value === undefined) return after - before;
  return after - before;
}
