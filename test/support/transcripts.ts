import type { TestServer } from './test-server.js';

/** Turns of ten words each, alternating `Me:` and `Them:` (or the labels given), `words` spoken words in all. */
export function conversation(words: number, labels: [string, string] = ['Me', 'Them']): string {
  const lines: string[] = [];
  for (let said = 0, turn = 0; said < words; turn++) {
    const count = Math.min(10, words - said);
    lines.push(`${labels[turn % 2]}: ${Array.from({ length: count }, (_, i) => `word${(said + i) % 97}`).join(' ')}`);
    said += count;
  }
  return lines.join('\n');
}

/** An attendee whose domain differs from OWNER_EMAIL's: external by rule 7. */
export const OWNER_EMAIL = 'sam.rivera@ourcompany.example';
export const CUSTOMER = { email: 'dana@customer.example', name: 'Dana Okafor' };

/** A call that passes every intake check unless `overrides` breaks one. */
export const callBody = (externalId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  external_id: externalId,
  text: conversation(1000),
  owner_email: OWNER_EMAIL,
  owner_name: 'Sam Rivera',
  attendees: [CUSTOMER, { email: OWNER_EMAIL }],
  ...overrides,
});

export const postTranscript = (server: TestServer, key: string, body: unknown) =>
  server.request('/api/v1/transcripts', { method: 'POST', key, body: typeof body === 'string' ? body : JSON.stringify(body) });

export const getTranscript = (server: TestServer, key: string, id: string) => server.request(`/api/v1/transcripts/${encodeURIComponent(id)}`, { key });
