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

t.test('stores over one generated world share its people, and each keeps its own changes', (t) => {
  let reads = 0;
  // A generated world that counts who reads its users: only the first People over it indexes them.
  const counted = Object.create(world, {
    users: {
      get: () => {
        reads++;
        return world.users;
      },
    },
  }) as GeneratedWorld;
  const [a, b] = [new People(counted, new Overlay()), new People(counted, new Overlay())];
  new People(counted, new Overlay());
  t.equal(reads, 1, 'the generated users are indexed once, not copied into every store');
  const demo = a.byAddress('demo@example.com')!;
  a.change(demo.id, { email: 'moved@example.com' });
  a.setPlan(demo.id, null, new Date(), stamp);
  const { id: _id, company_id: _c, ...fields } = { ...world.users[1]!, email: 'joined@example.com' };
  const joined = a.add(fields, 'Joined Co');
  t.equal(a.byAddress('demo@example.com'), undefined, 'a: the generated address no longer answers');
  t.equal(a.byAddress('moved@example.com')?.id, demo.id);
  t.equal(a.plan(demo.id), undefined);
  t.equal(b.byAddress('demo@example.com')?.id, demo.id, 'b: as generated');
  t.equal(b.byAddress('moved@example.com'), undefined);
  t.equal(b.plan(demo.id)?.status, 'active', 'b keeps the plan a removed');
  t.equal(b.byId(joined.id), undefined, 'b has no user a signed up');
  t.same(
    b.membersOf(demo.company_id).map((u) => u.email),
    a.membersOf(demo.company_id).map((u) => (u.id === demo.id ? 'demo@example.com' : u.email)),
  );
  t.end();
});
