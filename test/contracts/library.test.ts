// The README's library example, run as written: contract assertions inside
// another team's own tests.
import t from 'tap';
import { createExchangeValidator, loadSpec } from '../../contracts/index.js';

t.test('README example: assert one exchange in your own test', async (t) => {
  // --- README example start
  const spec = await loadSpec(); // spec/openapi.yaml; pass a path for another copy
  const contract = createExchangeValidator(spec); // compile once, reuse for every exchange

  const findings = contract.validate({
    method: 'POST',
    path: '/api/v1/client/update',
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: { message: 'Client updated.', data: [] },
  });
  // findings: [{ operationId: 'updateClient', status: 200, at: '/message',
  //   expected: '"Client details updated successfully."', actual: '"Client updated."', ... }]
  // --- README example end
  t.equal(findings.length, 1);
  t.match(findings[0], {
    operationId: 'updateClient',
    status: 200,
    at: '/message',
    expected: '"Client details updated successfully."',
    actual: '"Client updated."',
  });
  t.same(
    contract.validate({
      operationId: 'updateClient',
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: { message: 'Client details updated successfully.', data: [] },
    }),
    [],
  );
});
