// The search over a user's texts joined in blocks finds exactly what a scan of
// each text with String#includes finds, in the same order (newest first),
// across block boundaries, after updates and deletes, and while the texts are
// made in the background.
import t from 'tap';
import { type SearchField, searchTextOf } from '../../../fixtures/clients.js';
import { GeneratedWorld } from '../../../fixtures/world.js';
import { searchMask } from '../../../mock/lists.js';
import { ClientLists, WARM_FROM } from '../../../mock/store/client-lists.js';
import { Overlay } from '../../../mock/store/overlay.js';
import { BLOCK } from '../../../mock/store/search-index.js';

// 20,000 clients: the demo user's 6,000 span three blocks.
const world = new GeneratedWorld({ seed: 11, clients: 20_000 });
const make = (w = world) => {
  const overlay = new Overlay();
  const company = (id: number) => w.users.find((u) => u.id === id)?.company_id;
  const members = (companyId: number) => w.users.filter((u) => u.company_id === companyId).map((u) => u.id);
  return { overlay, lists: new ClientLists(w, overlay, company, members) };
};

/** What the search must answer: every text of the user's list scanned, as the mock did before the blocks. */
function scan(lists: ClientLists, overlay: Overlay, userId: number, keyword: string, w = world): number[] {
  return lists.ofUser(userId).filter((id) => {
    const changed = overlay.clients.get(id);
    return (changed ? searchTextOf(changed) : w.searchText(id)).includes(keyword);
  });
}

const demo = world.users[0]!.id;
const mine = (l: ClientLists) => l.ofUser(demo);

t.test('the keywords of a table find what a scan finds, in the same order', (t) => {
  const { overlay, lists } = make();
  const ids = mine(lists);
  t.ok(ids.length > 2 * BLOCK, `the user's ${ids.length} clients span several blocks`);
  const sample = world.client(ids[BLOCK]!); // the first of the second block
  const last = world.client(ids.at(-1)!);
  const keywords = [
    'a',
    'an',
    'zz',
    sample.name.toLowerCase(),
    sample.surname.toLowerCase().slice(1, 5),
    sample.email.slice(0, 7),
    `${sample.email.split('@')[0]}@`,
    '@gmail',
    '(5',
    ') 4',
    sample.phone_no.slice(-4) || '-0',
    'q-2026-',
    'q-2025-1',
    sample.quote_no.toLowerCase() || 'q-',
    last.name.toLowerCase(),
    'living room',
    'shutters',
    'room s',
    '.',
    '0',
    '9999',
    'no such keyword anywhere',
    'É',
    'é',
    '😀',
  ];
  for (const kw of keywords) t.same(lists.search(demo, kw), scan(lists, overlay, demo, kw), JSON.stringify(kw));
  t.same(lists.search(demo, 'a\u0000b'), [], 'a keyword holding the fields’ separator matches no one');
  t.same(lists.search(demo, sample.name), [], 'the keyword comes lower-cased: an upper-case one matches no text');
  t.end();
});

t.test('an update, with characters above U+00FF, and deletes follow at once', (t) => {
  const { overlay, lists } = make();
  const ids = mine(lists);
  lists.search(demo, 'x');
  const edited = world.client(ids[BLOCK + 5]!);
  overlay.clients.set(edited.id, { ...edited, name: 'ΣΟΦΊΑ Ünïcode', phone_no: '+44 20 7946 0958', quote_no: 'Q-77' });
  lists.changed(edited.id, demo);
  const latin = world.client(ids[3]!);
  overlay.clients.set(latin.id, { ...latin, surname: 'Müller', project_name: 'Café blinds' });
  lists.changed(latin.id, demo);
  t.same(lists.search(demo, 'müller'), [latin.id], 'an update is found before any delete');
  t.same(lists.search(demo, 'σοφ'), [edited.id]);
  const gone = [ids[0]!, ids[BLOCK - 1]!, ids[BLOCK]!, ids.at(-1)!];
  for (const id of gone) {
    overlay.clients.set(id, null);
    lists.removed(id, demo);
  }
  for (const kw of ['σοφία', 'σοφ', 'ünï', 'ü', 'müller', 'café', '7946 0958', 'q-77', 'a', 'an', '(2', 'q-2026']) {
    t.same(lists.search(demo, kw), scan(lists, overlay, demo, kw), JSON.stringify(kw));
  }
  t.same(lists.search(demo, 'σοφία'), [edited.id]);
  for (const id of gone) t.notOk(lists.search(demo, 'a').includes(id), `deleted ${id} is found no more`);
  // The old text of the updated client is gone: its old name finds it no more unless another field holds it.
  t.notOk(
    lists.search(demo, edited.name.toLowerCase()).includes(edited.id) &&
      !edited.email.includes(edited.name.toLowerCase()),
  );
  t.end();
});

t.test('a delete before the texts are made, then the first search', (t) => {
  const { overlay, lists } = make();
  const ids = mine(lists);
  const gone = ids[BLOCK + 1]!;
  overlay.clients.set(gone, null);
  lists.removed(gone, demo);
  t.same(lists.search(demo, 'e'), scan(lists, overlay, demo, 'e'));
  t.notOk(lists.search(demo, 'e').includes(gone));
  t.end();
});

t.test('a large world makes its largest user’s texts in the background; searches meanwhile stay exact', async (t) => {
  const big = new GeneratedWorld({ seed: 3, clients: WARM_FROM });
  const bigDemo = big.users[0]!.id;
  const { overlay, lists } = make(big);
  let turns = 0;
  const warming = lists.warmSearch(() => {
    turns++;
    return false;
  });
  // While it runs: a search, an update and a delete interleave with it.
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
  const ids = lists.ofUser(bigDemo);
  const edited = big.client(ids[BLOCK * 3]!);
  overlay.clients.set(edited.id, { ...edited, name: 'Warmwhile' });
  lists.changed(edited.id, bigDemo);
  overlay.clients.set(ids[1]!, null);
  lists.removed(ids[1]!, bigDemo);
  await warming;
  t.ok(turns > ids.length / BLOCK, `it yielded between blocks (${turns} turns)`);
  for (const kw of ['warmwhile', 'an', 'q-2026-0', '(3'])
    t.same(lists.search(bigDemo, kw), scan(lists, overlay, bigDemo, kw, big), kw);
  t.end();
});

t.test('warming stops when told, and does nothing in a small world', async (t) => {
  const big = new GeneratedWorld({ seed: 3, clients: WARM_FROM });
  const { overlay, lists } = make(big);
  let asked = 0;
  await lists.warmSearch(() => ++asked > 2);
  t.ok(asked <= 4, 'it stopped at once');
  const bigDemo = big.users[0]!.id;
  t.same(lists.search(bigDemo, 'ab'), scan(lists, overlay, bigDemo, 'ab', big), 'the search makes the rest');
  const small = make();
  let smallAsked = 0;
  await small.lists.warmSearch(() => ++smallAsked > 0);
  t.equal(smallAsked, 0, 'a world under WARM_FROM is not warmed');
  t.end();
});

t.test('a mask of fields (the spec search matches) finds what a scan of those fields finds', (t) => {
  const { overlay, lists } = make();
  const fieldScan = (keyword: string, fields: readonly SearchField[]) =>
    mine(lists).filter((id) => {
      const c = overlay.clients.get(id) ?? world.client(id);
      return fields.some((f) =>
        String(c[f] ?? '')
          .toLowerCase()
          .includes(keyword),
      );
    });
  const sample = world.client(mine(lists)[BLOCK + 3]!);
  const masks: Array<readonly SearchField[]> = [['name', 'surname'], ['email'], ['quote_no', 'project_name'], []];
  // Letters every field holds, a name that is also the start of e-mail addresses, a whole address.
  const keywords = ['a', 'e', sample.name.toLowerCase(), sample.email.toLowerCase(), 'q-'];
  for (const fields of masks)
    for (const kw of keywords)
      t.same(
        lists.search(demo, kw, searchMask(fields)),
        fieldScan(kw, fields),
        `${kw} in ${fields.join(', ') || 'no field'}`,
      );
  t.end();
});
