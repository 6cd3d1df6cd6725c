// keepTickShape: it keeps a real tick object, once, and tick objects made after
// full GCs still share its hidden class (checked with V8's own natives in a child).
import t from 'tap';
import { execFile } from 'node:child_process';
import { createHook } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { keepTickShape } from '../../mock/tick-shape.js';

const run = promisify(execFile);
const MODULE = fileURLToPath(new URL('../../mock/tick-shape.ts', import.meta.url));

t.test('it keeps one tick object, the same on every call, and leaves no hook enabled', async (t) => {
  const kept = keepTickShape() as { callback?: unknown };
  t.type(kept.callback, 'function', 'a tick object: it carries the callback');
  t.equal(keepTickShape(), kept, 'a second call keeps the same object');
  let seen = 0;
  // Had keepTickShape left its hook on, it would be the only one counting here; ours must be the one that sees this tick.
  const probe = createHook({ init: (_id, type) => void (type === 'TickObject' && seen++) }).enable();
  process.nextTick(() => {});
  probe.disable();
  t.equal(seen, 1);
});

t.test('tick objects made after full GCs have the kept one’s hidden class', async (t) => {
  const script = `
    const { keepTickShape } = await import(${JSON.stringify(MODULE)});
    const { createHook } = await import('node:async_hooks');
    const kept = keepTickShape();
    for (let i = 0; i < 3; i++) { await new Promise((r) => setImmediate(r)); gc(); }
    let fresh;
    const hook = createHook({ init(_id, type, _t, resource) { if (type === 'TickObject') fresh = resource; } }).enable();
    process.nextTick(() => {});
    hook.disable();
    console.log(JSON.stringify({ same: %HaveSameMap(kept, fresh) }));
  `;
  const { stdout } = await run(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], { timeout: 30_000 });
  t.same(JSON.parse(stdout.trim()), { same: true });
});
