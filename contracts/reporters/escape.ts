/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (s: unknown): string =>
  String(s).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);
