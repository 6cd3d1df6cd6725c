// A session of valid API traffic that reaches every operation of the spec,
// with successes and documented failures (404, 403, 401, 422). Sent through any
// transport: inject() for the Ajv test, a Prism proxy for the Prism test.
import { logoutTraffic, passwordTraffic, readTraffic, signinTraffic } from './traffic-accounts.js';
import { clientTraffic, deleteTraffic, measurementTraffic } from './traffic-clients.js';
import { type Control, type Recorded, recorder, type Send } from './traffic-recorder.js';

export type { Call, Control, Recorded, Reply, Send } from './traffic-recorder.js';

/** The session, in order: each step's calls depend on the state the earlier ones left. */
export async function validTraffic(send: Send, control: Control): Promise<Recorded[]> {
  const r = recorder(send);
  const tokens = await signinTraffic(r);
  await passwordTraffic(r, control);
  await readTraffic(r, tokens);
  const [first, second] = await clientTraffic(r, tokens.demo, tokens.nosub);
  await measurementTraffic(r, tokens.demo, first.id);
  await deleteTraffic(r, tokens.demo, second.id);
  await logoutTraffic(r, tokens);
  return r.log;
}
