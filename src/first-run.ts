import { createProject } from '../commands/create-project/handler.js';
import type { Runtime } from './runtime.js';

/**
 * On an empty database, creates a demo project and returns a greeting with its keys and a ready
 * curl line. The keys exist nowhere else: only their hashes are stored.
 */
export async function createDemoProjectIfEmpty(runtime: Runtime, baseUrl: string): Promise<string | undefined> {
  const existing = await runtime.db.query(`SELECT 1 FROM projects LIMIT 1`);
  if (existing.rowCount > 0) return undefined;
  const demo = await createProject(runtime, {
    name: 'Demo project',
    settings: { allowedOrigins: ['http://localhost:3000'] },
  });
  return [
    '',
    'Created a demo project (keys are shown only this once; only their hashes are stored):',
    `  project     ${demo.projectId}`,
    `  secret key  ${demo.secretKey}`,
    `  widget key  ${demo.widgetKey}   (allowed origin: http://localhost:3000)`,
    '',
    'Try it:',
    `  curl -s ${baseUrl}/api/v1/ping -H "Authorization: Bearer ${demo.secretKey}"`,
    `  curl -s ${baseUrl}/api/v1/feedback -H "Authorization: Bearer ${demo.secretKey}" -H "Content-Type: application/json" -d '{"text":"The export keeps timing out"}'`,
    '',
  ].join('\n');
}
