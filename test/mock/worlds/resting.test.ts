// Issue 30 hardening: GET /__mock/worlds lists the worlds resting on disk (with
// --state-file) only up to RESTING_SHOWN names, with how many in all, so the
// answer stays small (the contract suite reads it within 4 MiB) however many
// files the worlds' folder holds.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { RESTING_SHOWN } from '../../../mock/worlds/controls.js';
import { worldFileName, worldsDirOf } from '../../../mock/worlds/files.js';
import { testMock } from '../../helpers/mock.js';

t.test('regression: the resting list is capped, with the full count', async (t) => {
  const file = join(t.testdir({}), 'state.json');
  const dir = worldsDirOf(file);
  mkdirSync(dir, { recursive: true });
  const total = RESTING_SHOWN + 5;
  for (let i = 0; i < total; i++) writeFileSync(join(dir, worldFileName(`r${String(i).padStart(5, '0')}`)), '');
  const { app } = await testMock(t, { stateFile: file, onStateError: () => {} });
  const listed = (await app.inject({ method: 'GET', url: '/__mock/worlds' })).json();
  t.equal(listed.resting.length, RESTING_SHOWN, 'at most RESTING_SHOWN names');
  t.equal(listed.restingCount, total, 'and how many there are');
  t.equal(listed.resting[0], 'r00000', 'the first by name');
});
