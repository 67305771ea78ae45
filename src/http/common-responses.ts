const DESCRIPTIONS: Record<string, string> = {
  '400': 'Validation failed (invalid-request); `errors` names every offending field.',
  '401': 'Missing, malformed or revoked key, or a key type this endpoint does not accept (unauthorized).',
  '403': 'Widget key from an origin not on the allowlist (origin-not-allowed).',
  '404': 'Not found in this project (not-found).',
  '413': 'Body over the limit (payload-too-large).',
  '422': 'Invalid customer value (invalid-customer-value).',
  '429': 'Rate limited (rate-limited); see Retry-After.',
};

export function commonProblems(statuses: string[]): Record<number, { description: string }> {
  return Object.fromEntries(statuses.map((status) => [Number(status), { description: DESCRIPTIONS[status] }]));
}
