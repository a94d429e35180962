import pg from 'pg';

export interface Product {
  sku: string;
  name: string;
  category: string;
  priceCents: number;
  stock: number;
}

export const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.PG_POOL_SIZE ?? 10),
});

export function toProduct(row: Record<string, unknown>): Product {
  return {
    sku: String(row.sku),
    name: String(row.name),
    category: String(row.category),
    priceCents: Number(row.price_cents),
    stock: Number(row.stock),
  };
}
