// Ids read from records whose shape the document does not show: found
// wherever a deployment plausibly gives them, and never made up from what is
// not an id.
import t from 'tap';
import { recordOf, roomIdOf, userIdOf } from '../../../contracts/checks/record-ids.js';

const ROOMS: Array<[string, unknown, number | undefined]> = [
  ["the spec's Room: id", { id: 7, client_id: 3, name: 'Kitchen' }, 7],
  ["the document's room entry name: room_id", { room_id: 8, client_id: 3, room_name: 'Hall' }, 8],
  ['both: id first', { id: 7, room_id: 8 }, 7],
  ['id not an integer, room_id is', { id: 'x', room_id: 9 }, 9],
  ['an id as a string is no id', { id: '7' }, undefined],
  ['a fraction is no id', { id: 7.5 }, undefined],
  ['null id, no room_id', { id: null }, undefined],
  ['no id at all', { name: 'Kitchen' }, undefined],
  ['null', null, undefined],
  ['a list', [{ id: 7 }], undefined],
];

t.test('roomIdOf', async (t) => {
  for (const [name, room, expected] of ROOMS) t.equal(roomIdOf(room), expected, name);
});

const USERS: Array<[string, unknown, number | undefined]> = [
  ['a flat profile', { id: 12, name: 'Ann', company_name: 'Acme' }, 12],
  ['a list of one, as Spring answers every read', [{ id: 13, name: 'Ann' }], 13],
  ['user_id', { user_id: 14, name: 'Ann' }, 14],
  ['nested as user', { user: { id: 15 }, company: { id: 2, name: 'Acme' } }, 15],
  ['a list of one, nested', [{ user: { user_id: 16 } }], 16],
  ['a list of two names no one user', [{ id: 1 }, { id: 2 }], undefined],
  ['an empty list', [], undefined],
  ['an id as a string is no id', { id: '12' }, undefined],
  ['nothing', undefined, undefined],
];

t.test('userIdOf', async (t) => {
  for (const [name, user, expected] of USERS) t.equal(userIdOf(user), expected, name);
});

t.test('recordOf', async (t) => {
  t.same(recordOf({ a: 1 }), { a: 1 }, 'an object');
  t.same(recordOf([{ a: 1 }]), { a: 1 }, 'a list of one');
  t.equal(recordOf([{ a: 1 }, { a: 2 }]), undefined, 'a list of two');
  t.equal(recordOf([1]), undefined, 'a list of one non-record');
  t.equal(recordOf('x'), undefined, 'a string');
});
