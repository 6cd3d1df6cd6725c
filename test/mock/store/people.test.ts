// Users and plans over a generated world: changes replace records in the
// overlay and never touch the generated ones.
import t from 'tap';
import { GeneratedWorld } from '../../../fixtures/world.js';
import { Overlay } from '../../../mock/store/overlay.js';
import { People } from '../../../mock/store/people.js';

const world = new GeneratedWorld({ seed: 2, clients: 100 });
const stamp = (d: Date) => d.toISOString();

t.test('a sign-up takes the next user and company ids, and is found by address and company', (t) => {
  const overlay = new Overlay();
  const people = new People(world, overlay);
  const base = { ...world.users[0]!, email: 'New@Example.com' };
  const { id: _id, company_id: _c, ...fields } = base;
  const user = people.add(fields, 'New Co');
  t.equal(user.id, world.users.length + 1);
  t.equal(user.company_id, world.companies.length + 1);
  t.equal(people.byAddress(' new@example.com ')?.id, user.id);
  t.same(people.companyOf(user), { id: user.company_id, name: 'New Co' });
  t.same(
    people.membersOf(user.company_id).map((u) => u.id),
    [user.id],
  );
  t.same([...overlay.users.keys()], [user.id]);
  t.end();
});

t.test('a change replaces the record in the overlay; the generated one stays as made', (t) => {
  const overlay = new Overlay();
  const people = new People(world, overlay);
  const demo = people.byAddress('demo@example.com')!;
  people.change(demo.id, { email: 'renamed@example.com', active: false });
  t.equal(people.byAddress('demo@example.com'), undefined, 'the old address is free');
  t.equal(people.byAddress('renamed@example.com')?.active, false);
  t.equal(world.users[0]!.active, true, 'the generated record untouched');
  t.equal(people.membersOf(demo.company_id).filter((u) => u.id === demo.id).length, 1, 'still one member');
  const again = new People(world, overlay);
  t.equal(again.byId(demo.id)?.email, 'renamed@example.com', 'the overlay is read back');
  t.end();
});

t.test('plans: replaced, or removed with null; ids continue past every plan', (t) => {
  const people = new People(world, new Overlay());
  const highest = Math.max(...world.subscriptions.map((s) => s.id));
  people.setPlan(1, 3, new Date('2026-01-31T00:00:00Z'), stamp);
  t.equal(people.plan(1)?.plan_id, 3);
  t.equal(people.plan(1)?.id, highest + 1);
  t.equal(people.plan(1)?.expires_at, '2026-03-03T00:00:00.000Z', 'a month on');
  people.setPlan(1, null, new Date(), stamp);
  t.equal(people.plan(1), undefined);
  t.end();
});
