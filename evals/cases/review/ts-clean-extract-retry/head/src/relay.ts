import { retry } from './retry.js';
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
    try {
      return await retry(
        async () => {
          const response = await this.transport.send(url, body);
          if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
          return response.status;
        },
        { attempts: MAX_ATTEMPTS, baseDelayMs: BASE_DELAY_MS, sleep: this.sleep },
      );
    } catch (error) {
      throw new Error(`delivery ${delivery.id} to ${delivery.consumer} failed after ${MAX_ATTEMPTS} attempts`, {
        cause: error instanceof Error ? error.cause : error,
      });
    }
  }
}
