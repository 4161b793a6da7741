/**
 * The delivery bench's baseline: bare Fastify 5 in a process of its own, answering the bytes the
 * real server answered (a file named on the command line) with its ETag, and 304 when the request's
 * If-None-Match names it. No logger, no hooks, no rate limit: the floor the real server is compared to.
 *
 * Prints `Bare Fastify listening at <url>` on stdout once it listens.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [bodyPath, etag] = process.argv.slice(2);
if (!bodyPath || !etag) {
  process.stderr.write('usage: node bench/bare-server.mjs <body file> <etag>\n');
  process.exit(2);
}
const body = readFileSync(bodyPath);
const app = Fastify({ logger: false });
app.get('/constant', async (request, reply) => {
  reply.header('etag', etag).header('cache-control', 'public, max-age=30').header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address();
process.stdout.write(`Bare Fastify listening at http://127.0.0.1:${port}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
