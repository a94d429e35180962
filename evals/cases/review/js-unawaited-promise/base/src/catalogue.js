/** The catalogue database's image table. `db` is a pg Pool. */
export class Catalogue {
  constructor(db) {
    this.db = db;
  }

  async addImage(productId, key, size) {
    const result = await this.db.query(
      'INSERT INTO product_images (product_id, storage_key, size_bytes) VALUES ($1, $2, $3) RETURNING id',
      [productId, key, size],
    );
    return result.rows[0].id;
  }

  async imagesOf(productId) {
    const result = await this.db.query(
      'SELECT id, storage_key, size_bytes FROM product_images WHERE product_id = $1 ORDER BY id',
      [productId],
    );
    return result.rows;
  }
}
