// The no-plan hint on a failed answer: only the documented no-plan refusal of an
// operation that needs a plan gets it.
import t from 'tap';
import { refusedForNoPlan } from '../../contracts/conform.js';
import { spec } from '../helpers/mock.js';

t.test('only a gated operation’s documented 403 body is read as “no plan”', async (t) => {
  const ops = (await spec()).operations;
  const gated = ops.find((o) => o.operationId === 'listClients')!;
  const open = ops.find((o) => !o.subscriptionRequired && !o.isPublic)!;
  const documented = (gated.responses['403']!.examples[0] as { message: string }).message;
  const cases: Array<[string, Parameters<typeof refusedForNoPlan>, boolean]> = [
    ['the documented refusal', [gated, 403, { message: documented, status: 403 }], true],
    ['another 403 message', [gated, 403, { message: 'Forbidden.' }], false],
    ['no body', [gated, 403, undefined], false],
    ['another status with that message', [gated, 401, { message: documented }], false],
    ['an operation that needs no plan', [open, 403, { message: documented }], false],
  ];
  for (const [name, args, want] of cases) t.equal(refusedForNoPlan(...args), want, name);
});
