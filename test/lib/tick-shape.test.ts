// keepTickShape: it keeps a real tick object, once, through full GCs, and tick
// objects made after them share its hidden class (V8's own natives, in a child).

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import t from 'tap';
import { keepTickShape } from '../../lib/tick-shape.js';
import { TS } from '../helpers/processes.js';

const run = promisify(execFile);
const MODULE = fileURLToPath(new URL('../../lib/tick-shape.ts', import.meta.url));

t.test('it keeps one tick object, the same on every call', async (t) => {
  const kept = keepTickShape() as { callback?: unknown };
  t.type(kept.callback, 'function', 'a tick object: it carries the callback');
  t.equal(keepTickShape(), kept, 'a second call keeps the same object');
});

t.test('the module keeps the object through full GCs, and later tick objects share its hidden class', async (t) => {
  // The child holds the kept object only weakly: it survives only if the module keeps it.
  const script = `
    const { keepTickShape } = await import(${JSON.stringify(MODULE)});
    const { createHook } = await import('node:async_hooks');
    const weak = new WeakRef(keepTickShape());
    for (let i = 0; i < 3; i++) { await new Promise((r) => setImmediate(r)); gc(); }
    let fresh;
    const hook = createHook({ init(_id, type, _t, resource) { if (type === 'TickObject') fresh = resource; } }).enable();
    process.nextTick(() => {});
    hook.disable();
    const kept = weak.deref();
    console.log(JSON.stringify({ alive: kept !== undefined, same: kept !== undefined && %HaveSameMap(kept, fresh) }));
  `;
  const { stdout } = await run(
    process.execPath,
    ['--allow-natives-syntax', '--expose-gc', ...TS, '--input-type=module', '-e', script],
    { timeout: 30_000 },
  );
  t.same(JSON.parse(stdout.trim()), { alive: true, same: true });
});
