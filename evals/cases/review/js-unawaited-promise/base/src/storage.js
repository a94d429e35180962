import { randomUUID } from 'node:crypto';

/** Object storage client wrapper; `client` is the vendor SDK instance. */
export class ImageStorage {
  constructor(client, bucket) {
    this.client = client;
    this.bucket = bucket;
  }

  async put(buffer, contentType) {
    const key = `images/${randomUUID()}`;
    await this.client.putObject({ Bucket: this.bucket, Key: key, Body: buffer, ContentType: contentType });
    return key;
  }

  async remove(key) {
    await this.client.deleteObject({ Bucket: this.bucket, Key: key });
  }
}
