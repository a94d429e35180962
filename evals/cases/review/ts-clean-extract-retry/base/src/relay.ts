import type { Delivery, Sleep, Transport } from './types.js';
import { realSleep } from './types.js';

const MAX_ATTEMPTS = 5;
const BASE_DELAY_MS = 200;

export class Relay {
  constructor(
    private readonly transport: Transport,
    private readonly consumers: Record<string, string>,
    private readonly sleep: Sleep = realSleep,
  ) {}

  async deliver(delivery: Delivery): Promise<number> {
    const url = this.consumers[delivery.consumer];
    if (!url) throw new Error(`unknown consumer ${delivery.consumer}`);
    const body = JSON.stringify({ id: delivery.id, payload: delivery.payload });
    let lastError: unknown;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      try {
        const response = await this.transport.send(url, body);
        if (response.status < 500) return response.status;
        lastError = new Error(`HTTP ${response.status}`);
      } catch (error) {
        lastError = error;
      }
      if (attempt < MAX_ATTEMPTS) {
        await this.sleep(BASE_DELAY_MS * 2 ** (attempt - 1));
      }
    }
    throw new Error(`delivery ${delivery.id} to ${delivery.consumer} failed after ${MAX_ATTEMPTS} attempts`, {
      cause: lastError,
    });
  }
}
