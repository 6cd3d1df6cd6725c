// client/list as the client tests read it: the page envelope, or a throw.
import { bearer, type TestMock } from './mock.js';

export type Client = {
  id: number;
  user_id: number;
  name: string;
  surname: string;
  email: string;
  phone_no: string;
  quote_no: string;
  project_name: string | null;
  city: string;
  end_client_known: number;
};
export type Page = {
  current_page: number;
  data: Client[];
  from: number | null;
  to: number | null;
  total: number;
  per_page: number;
  last_page: number;
  next_page_url: string | null;
  prev_page_url: string | null;
  first_page_url: string;
  last_page_url: string;
  path: string;
  links: Array<{ url: string | null; label: string; active: boolean }>;
};

export const list = async (mock: TestMock, token: string, body: unknown) => {
  const r = await mock.post('/client/list', body, bearer(token));
  if (r.status !== 200) throw new Error(`client/list ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body as { data: Page }).data;
};
