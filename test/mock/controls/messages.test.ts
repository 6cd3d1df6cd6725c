// Issue 29: the controls are typed by hand, so a refusal names what is wrong
// and what would be right: the operation meant, the field meant, the fields a
// body takes, the values a field allows. Each case below said only "The body
// field is invalid.", "No operation listClient in the spec." or "The selected
// reason is invalid." before.
import t from 'tap';
import { noOperation } from '../../../mock/controls/messages.js';
import { testMock } from '../../helpers/mock.js';

const FAULT_FIELDS = 'A fault takes operationId, status, kind, latency_ms, count, retry_after and bytes_per_second.';

t.test('an unknown operation suggests the nearest one, or none when none is near', async (t) => {
  const mock = await testMock(t);
  const r = await mock.control('POST', '/__mock/faults', { operationId: 'listClient', status: 500 });
  t.equal(r.status, 400);
  t.match(r.body, { message: 'No operation listClient in the spec; did you mean listClients?', status: 400 });
  const far = await mock.control('POST', '/__mock/faults', { operationId: 'frobnicateEverything' });
  t.same(far.body, { message: 'No operation frobnicateEverything in the spec.', status: 400 });
  t.equal(
    noOperation('getprofile', ['getProfile', 'listPlans']),
    'No operation getprofile in the spec; did you mean getProfile?',
  );
});

t.test('a misnamed field of a fault is named, with the field meant and the fields a fault takes', async (t) => {
  const mock = await testMock(t);
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ code: 503 }, 'code', `code is not a field of a fault; did you mean status? ${FAULT_FIELDS}`],
    [{ status: 503, cuont: 2 }, 'cuont', `cuont is not a field of a fault; did you mean count? ${FAULT_FIELDS}`],
    [{ delay: 100 }, 'delay', `delay is not a field of a fault; did you mean latency_ms? ${FAULT_FIELDS}`],
    [{ status: 500, colour: 'red' }, 'colour', `colour is not a field of a fault. ${FAULT_FIELDS}`],
  ];
  for (const [body, field, message] of cases) {
    const r = await mock.control('POST', '/__mock/faults', body);
    t.equal(r.status, 422, JSON.stringify(body));
    t.same(r.body, { message, status: 422, errors: { [field]: [message] } }, JSON.stringify(body));
  }
  t.same((await mock.control('GET', '/__mock/faults')).body, { faults: [] }, 'no rule was added');
  const empty = await mock.control('POST', '/__mock/faults', {});
  t.match(empty.body, {
    message:
      'A fault takes at least one of operationId, status, kind, latency_ms, count, retry_after or bytes_per_second.',
  });
});

t.test('token invalidation: the reasons are listed; a misnamed field comes before the missing one', async (t) => {
  const mock = await testMock(t);
  const hacked = await mock.control('POST', '/__mock/tokens/invalidate', {
    email: 'demo@example.com',
    reason: 'hacked',
  });
  t.equal(hacked.status, 422);
  t.match(hacked.body, {
    message: 'The reason must be one of password_change, logout, deactivation or breach.',
    errors: { reason: ['The reason must be one of password_change, logout, deactivation or breach.'] },
  });
  const misnamed = await mock.control('POST', '/__mock/tokens/invalidate', {
    email: 'demo@example.com',
    reasn: 'logout',
  });
  t.same(misnamed.body, {
    message:
      'reasn is not a field of a token invalidation; did you mean reason? A token invalidation takes email, reason and token.',
    status: 422,
    errors: {
      reasn: [
        'reasn is not a field of a token invalidation; did you mean reason? A token invalidation takes email, reason and token.',
      ],
      reason: ['The reason field is required.'],
    },
  });
});

t.test('plan change: a misnamed field is named; the other messages stay', async (t) => {
  const mock = await testMock(t);
  const plan = await mock.control('POST', '/__mock/subscription', { email: 'demo@example.com', plan: 1 });
  t.equal(plan.status, 422);
  t.match(plan.body, {
    message: 'plan is not a field of a plan change; did you mean plan_id? A plan change takes email and plan_id.',
    errors: { plan_id: ['The plan id field is required.'] },
  });
  const typed = await mock.control('POST', '/__mock/subscription', { email: 'demo@example.com', plan_id: 'gold' });
  t.match(typed.body, { message: 'The plan id field must be an integer or null.', status: 422 });
  const array = await mock.control('POST', '/__mock/subscription', [1]);
  t.match(array.body, { message: 'The request body must be a JSON object.', status: 422 });
});
