// The spec's examples run against the default mock, in any order, as a Postman
// collection made from the spec runs them (issue 13): identifiers that exist in
// the default world, and no example that signs the demo account out everywhere.
import t from 'tap';
import { bearer, spec, testMock } from '../helpers/mock.js';

/** A fixed shuffle, so that a failure can be replayed. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

for (const seed of [1, 2, 3]) {
  t.test(`every request example succeeds against the default mock (order ${seed})`, async (t) => {
    const loaded = await spec();
    const mock = await testMock(t, { rateLimit: false });
    const token = await mock.signin();
    const otherDevice = await mock.signin();
    const failed: string[] = [];
    // logout ends the session the others use: as a collection would, it runs last.
    const ops = shuffled(
      loaded.operations.filter((o) => o.operationId !== 'logout'),
      seed,
    );
    for (const op of [...ops, loaded.byId.get('logout')!]) {
      const example = op.requestBody?.examples[0];
      const path = op.path.replace(
        '{token}',
        String(op.parameters.find((p) => p.name === 'token')?.example ?? 'token'),
      );
      const r = await mock.send({
        operationId: op.operationId,
        method: op.method.toUpperCase() as 'POST',
        path,
        headers: op.isPublic ? {} : bearer(token),
        ...(example === undefined ? {} : { body: example }),
      });
      if (r.status >= 300) failed.push(`${op.operationId} ${r.status} ${JSON.stringify(r.body).slice(0, 160)}`);
    }
    t.same(failed, [], 'each example answered 2xx');
    t.ok(await mock.signin(), 'the demo account still signs in with its documented password');
    t.equal(
      (await mock.post('/user/get_profile', {}, bearer(otherDevice))).status,
      200,
      'and its other devices stay signed in',
    );
  });
}
