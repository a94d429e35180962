export interface Delivery {
  id: string;
  consumer: string;
  payload: unknown;
}

export interface Transport {
  send(url: string, body: string): Promise<{ status: number }>;
}

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
