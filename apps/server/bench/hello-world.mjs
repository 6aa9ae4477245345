// The yardstick: the smallest Fastify server, same framework and Node as Raumregler, no logging,
// so the bench ratio shows what our routes, auth and database cost on top of the framework.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
