// The ceiling for `npm run bench:api`: Fastify parsing the same JSON body and answering 201,
// with no validation, no storage and no plugins. PORT picks the port.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ ok: true }));
app.post('/api/feedback', async (_request, reply) => reply.code(201).send({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
