// Baseline for the ping benchmark: a bare Koa handler on the same machine, no middleware.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = { project: { id: 'p', name: 'Bench' }, key: { type: 'secret', mode: 'test' } };
});
const server = http.createServer(app.callback()).listen(0, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }) + '\n');
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
