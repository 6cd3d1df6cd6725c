// Section 5 of the interface document: headers, base URL and rate limit.

export const platformValues = ['WEB', 'IOS', 'ANDROID'];
export const serverUrl = '{base_url}/api/v1';
export const rateLimitPerMinute = 60;
