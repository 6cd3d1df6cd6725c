// Section 7 of the interface document: the two error shapes and their messages.

export const errorMessages = {
  401: 'Unauthenticated.',
  403: 'Subscription required.',
  429: 'Too many requests. Please try again later.',
} as const;

/** Failures in the `{status: "error", message}` shape, by operation path. */
export const statusErrorFailures: Array<{ path: string; message: string }> = [
  { path: '/measurements/awning_measurement_add_edit', message: 'Validation failed' },
  { path: '/countries/index', message: 'Failed to fetch countries' },
  { path: '/plans/index', message: 'Unauthorized' },
];
