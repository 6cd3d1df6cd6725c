// One CI job (or test worker) against a shared mock, in a world of its own:
// MCS_WORLD names it (the path prefix /worlds/NAME/, so the client needs no
// header), and nothing another job changes shows here.
import { createClient } from 'mcs-contract-toolkit/client';

const mock = process.env.MCS_MOCK_URL ?? 'http://127.0.0.1:4010';
const world = process.env.MCS_WORLD ?? 'job-1';
const baseUrl = `${mock}/worlds/${world}`;

// The world as its seed makes it: a world of an earlier run may still hold its changes.
await fetch(`${baseUrl}/__mock/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });

let token: string | undefined;
const api = createClient({ baseUrl, platform: 'WEB', token: () => token });
const signin = await api.POST('/user/signin', { body: { email: 'demo@example.com', password: 'demo-password' } });
if (signin.error) throw new Error(signin.error.message);
token = signin.data.data.api_token;

// Every job renames the same client; each must read back its own name only.
const first = (await api.POST('/client/list', { body: { limit: 1 } })).data?.data.data[0];
if (!first) throw new Error('no client to update');
const { id, surname, email } = first;
const update = await api.POST('/client/update', { body: { client_id: id, name: world, surname, email } });
if (update.error) throw new Error(update.error.message);
await new Promise((resolve) => setTimeout(resolve, 200)); // the other jobs write meanwhile
const again = (await api.POST('/client/list', { body: { limit: 1 } })).data?.data.data[0];
if (again?.name !== world) throw new Error(`${world} reads the name ${JSON.stringify(again?.name)}`);
console.log(`${world}: client ${id} is named ${again.name}, as this job left it`);
