// The stateful sequences the API implies, the ones a frontend relies on: each
// one named check of the `sequences` group, run when its subject operation is
// selected. In this order: the client update read back, the logged-out token,
// the password change, and last the destructive one, the deleted client.

import type { Discovered } from '../../discovered.js';
import type { Session } from '../../session.js';
import { deletedClientCheck } from './delete.js';
import { loggedOutTokenCheck } from './logout.js';
import { passwordChangeCheck } from './password.js';
import { updateReadCheck } from './update.js';

export async function sequenceChecks(s: Session, found: Discovered): Promise<void> {
  await updateReadCheck(s, found);
  await loggedOutTokenCheck(s, found);
  await passwordChangeCheck(s, found);
  await deletedClientCheck(s, found);
}
