// Keeps one of `process.nextTick`'s tick objects alive for the life of the process.
// A process-level workaround: the process's owner calls it, the mock's CLI
// (cli/mock.ts) at its start; buildMock does not, as a library in another's process.
//
// What we measured (docs/decisions/benchmark-journal.md, "A V8 slow path"): profiles of the mock under load
// showed V8's runtime path for object literals with computed keys
// (Runtime_DefineKeyedOwnPropertyInLiteral, JSObject::MigrateToMap) at the
// tick-object literal in 5 of 7 runs; with one tick object kept, in none of 5,
// and the server's CPU per client/list request fell by about 7% on average and
// varied less between processes.
//
// Our reading of why, not verified inside V8: every tick object takes the same
// chain of hidden classes. Tick objects live for one turn of the event loop, so
// a full GC can find none alive and drop the chain; the next tick object builds
// a new one, and Node's stream code, optimized for the old chain, goes through
// the runtime from then on. A kept tick object keeps the chain alive.
import { createHook } from 'node:async_hooks';

let kept: object | undefined;

/** The tick object kept, if one is. */
export const keptTickObject = (): object | undefined => kept;

/** Idempotent; returns the tick object it keeps. */
export function keepTickShape(): object {
  if (kept) return kept;
  // The init hook is the public way to see a tick object; it is enabled only
  // for this one nextTick, so no other call pays for async hooks.
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject' && kept === undefined) kept = resource as object;
    },
  }).enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
  if (!kept) throw new Error('process.nextTick created no TickObject resource');
  return kept;
}
