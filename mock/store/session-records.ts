// The records Sessions keeps beside the world: a session, and a mail that
// carried a reset token. Code imports them from store.ts; they live apart so
// that changes.ts, which store.ts imports, can name them without an import cycle.

export interface Session {
  token: string;
  user_id: number;
  platform: string;
  device_token: string;
  created_at: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  reset_token: string;
  sent_at: string;
}
