// Ownership lists and search over a generated world with an overlay: made on
// first read, and kept in step with every update and delete.
import t from 'tap';
import { searchTextOf } from '../../../fixtures/clients.js';
import { GeneratedWorld } from '../../../fixtures/world.js';
import { ClientLists, indexDesc } from '../../../mock/store/client-lists.js';
import { Overlay } from '../../../mock/store/overlay.js';

const world = new GeneratedWorld({ seed: 5, clients: 400 });
const lists = () => {
  const overlay = new Overlay();
  const company = (id: number) => world.users.find((u) => u.id === id)?.company_id;
  const members = (companyId: number) => world.users.filter((u) => u.company_id === companyId).map((u) => u.id);
  return { overlay, lists: new ClientLists(world, overlay, company, members) };
};
const owned = (userId: number) =>
  Array.from({ length: world.size }, (_, i) => world.size - i).filter((id) => world.owner(id) === userId);

t.test('indexDesc finds ids in a newest-first list', (t) => {
  const list = [9, 7, 4, 2];
  for (const [id, at] of [
    [9, 0],
    [4, 2],
    [2, 3],
    [8, -1],
    [1, -1],
    [10, -1],
  ] as const)
    t.equal(indexDesc(list, id), at, `${id}`);
  t.equal(indexDesc([], 1), -1);
  t.end();
});

t.test('a user’s and a company’s lists, newest first', (t) => {
  const { lists: l } = lists();
  t.same(l.ofUser(1), owned(1));
  const demoCompany = world.users.filter((u) => u.company_id === 1).map((u) => u.id);
  t.same(
    l.ofCompany(1),
    Array.from({ length: world.size }, (_, i) => world.size - i).filter((id) => demoCompany.includes(world.owner(id))),
  );
  t.same(l.ofUser(999_999), [], 'nobody’s list is empty');
  t.same(l.search(1, 'a\u0000b'), [], 'a keyword holding the fields’ separator matches no one');
  t.end();
});

t.test('search looks in the fields the spec names, and follows updates and deletes', (t) => {
  const { overlay, lists: l } = lists();
  const mine = owned(1);
  const target = world.client(mine[3]!);
  const key = target.email.slice(0, 6);
  const expect = mine.filter((id) => world.searchText(id).includes(key));
  t.same(l.search(1, key), expect, 'the same as a scan of every text');
  t.ok(expect.includes(target.id));

  overlay.clients.set(target.id, { ...target, name: 'Zyxwvut' });
  l.changed(target.id, 1);
  t.same(l.search(1, 'zyxwvut'), [target.id], 'an update is found at once');
  t.equal(searchTextOf(overlay.clients.get(target.id)!).includes('zyxwvut'), true);

  overlay.clients.set(target.id, null);
  l.removed(target.id, 1);
  t.same(l.search(1, 'zyxwvut'), [], 'a deleted client is found no more');
  t.notOk(l.ofUser(1).includes(target.id), 'nor listed');
  t.notOk(l.ofCompany(1).includes(target.id), 'nor listed for the company');
  t.equal(l.ofUser(1).length, mine.length - 1);
  t.end();
});

t.test('a list made after a delete leaves the deleted client out', (t) => {
  const { overlay, lists: l } = lists();
  const gone = owned(1)[0]!;
  overlay.clients.set(gone, null);
  t.notOk(l.ofUser(1).includes(gone));
  t.notOk(l.ofCompany(1).includes(gone));
  t.end();
});
