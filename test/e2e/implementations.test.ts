// The suite against implementations of spec/openapi.yaml that nobody here wrote
// (Prism 5's static mock; openapi-backend with its README's mock handlers), in
// both modes: every failed finding is named by its cause (the table is printed),
// each true defect of a static mock is found, and no failure is a false alarm.
import t from 'tap';
import { IMPLEMENTATIONS, type ImplementationName } from '../../scripts/implementations/servers.js';
import { MODES, type Mode, renderTable, runAgainst, verdictTable } from '../../scripts/implementations/verdict.js';
import { spec } from '../helpers/mock.js';

const STATIC = [
  'a made-up token accepted',
  'no subscription gate',
  'logout ends nothing',
  'any reset token or current password accepted',
  'rooms not filtered by client or room',
];
/** The defects each implementation has, by mode: what a mock that answers every call from its examples gets wrong. */
const DEFECTS: Record<ImplementationName, Record<Mode, string[]>> = {
  prism: { 'read-only': STATIC, writes: [...STATIC, 'writes not read back'] },
  'openapi-backend': {
    // Its README's handlers answer refusals with `{ err }`, not the API's `{ status, message }`.
    'read-only': [...STATIC, 'refusals not in the documented error shape'],
    writes: [...STATIC, 'refusals not in the documented error shape', 'writes not read back'],
  },
};

for (const name of Object.keys(IMPLEMENTATIONS) as ImplementationName[]) {
  t.test(name, async (t) => {
    const impl = await IMPLEMENTATIONS[name]();
    t.teardown(impl.stop);
    for (const mode of Object.keys(MODES) as Mode[]) {
      const table = verdictTable(impl.name, await runAgainst(impl, mode, await spec()));
      t.comment(renderTable(table));
      t.same(table.unexplained, [], `${mode}: every failed finding has a named cause`);
      const found = table.rows.filter((r) => r.defect).map((r) => r.cause);
      for (const defect of DEFECTS[name][mode]) t.ok(found.includes(defect), `${mode}: found: ${defect}`);
      t.same(
        found.filter((c) => !DEFECTS[name][mode].includes(c)),
        [],
        `${mode}: no defect found that this implementation does not have`,
      );
      const alarms = table.rows.filter((r) => !r.defect).map((r) => `${r.cause} (${r.checks.length} checks)`);
      t.same(alarms, [], `${mode}: no false alarm`);
    }
  });
}
