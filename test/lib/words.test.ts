import t from 'tap';
import { listText, nearest } from '../../lib/words.js';

t.test('listText', async (t) => {
  t.equal(listText([]), '');
  t.equal(listText(['WEB']), 'WEB');
  t.equal(listText(['WEB', 'IOS']), 'WEB or IOS');
  t.equal(listText(['WEB', 'IOS', 'ANDROID']), 'WEB, IOS or ANDROID');
  t.equal(listText(['a', 'b', 'c'], 'and'), 'a, b and c');
});

t.test('nearest: the closest name, in any case, only when close enough to be a typo', async (t) => {
  const ids = ['listClients', 'listCountries', 'getProfile'];
  t.equal(nearest('listClient', ids), 'listClients');
  t.equal(nearest('LISTCOUNTRIES', ids), 'listCountries');
  t.equal(nearest('getprofil', ids), 'getProfile');
  t.equal(nearest('zzzzzzzzzzzz', ids), undefined);
  t.equal(nearest('x', []), undefined);
});
