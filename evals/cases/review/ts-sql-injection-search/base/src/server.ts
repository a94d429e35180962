import Fastify from 'fastify';
import { productRoutes } from './products.js';

const app = Fastify({ logger: true });

app.get('/health', async () => ({ status: 'ok' }));
await app.register(productRoutes);

const port = Number(process.env.PORT ?? 3000);
try {
  await app.listen({ port, host: '0.0.0.0' });
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
