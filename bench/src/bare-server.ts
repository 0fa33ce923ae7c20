// The yardstick: a bare Fastify process answering each path with the very bytes the real server sent
// for it (read from the file named in BARE_RESPONSES), with no database, hooks or plugins.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const responses = new Map<string, string>(
  Object.entries(
    JSON.parse(readFileSync(process.env.BARE_RESPONSES ?? '', 'utf8')) as Record<string, string>,
  ),
);

const app = Fastify({ logger: false });
app.get('/*', (req, reply) => {
  const body = responses.get(req.url);
  if (body === undefined) return reply.code(404).send({ success: false });
  return reply.type('application/json; charset=utf-8').send(body);
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare ready');
