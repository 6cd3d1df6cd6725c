import { createClient } from 'mcs-contract-toolkit/client';

const baseUrl = process.env.MCS_BASE_URL ?? 'http://127.0.0.1:4010';
let token: string | undefined;
// platform and the token go with every call; a function is asked each time.
const api = createClient({ baseUrl, platform: 'WEB', token: () => token });

const signin = await api.POST('/user/signin', { body: { email: 'demo@example.com', password: 'demo-password' } });
if (signin.error) throw new Error(signin.error.message);
token = signin.data.data.api_token;

const { data: profile } = await api.POST('/user/get_profile');
console.log('signed in as', profile?.data.email);

let clients = 0;
for await (const page of api.pages('/client/list', { keyword: '', limit: 20 })) clients += page.data.length;
console.log('clients', clients);
