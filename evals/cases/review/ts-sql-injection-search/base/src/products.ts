import type { FastifyInstance } from 'fastify';
import { pool, toProduct } from './db.js';

const COLUMNS = 'sku, name, category, price_cents, stock';

export async function productRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { sku: string } }>('/products/:sku', async (request, reply) => {
    const result = await pool.query(`SELECT ${COLUMNS} FROM products WHERE sku = $1`, [
      request.params.sku,
    ]);
    if (result.rowCount === 0) {
      return reply.code(404).send({ error: 'unknown product' });
    }
    return toProduct(result.rows[0]);
  });

  app.get<{ Querystring: { limit?: string } }>('/products', async (request) => {
    const limit = Math.min(Number(request.query.limit ?? 50) || 50, 500);
    const result = await pool.query(`SELECT ${COLUMNS} FROM products ORDER BY name LIMIT $1`, [
      limit,
    ]);
    return { products: result.rows.map(toProduct) };
  });
}
