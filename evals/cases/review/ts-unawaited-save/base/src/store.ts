export type Settings = Record<string, string | number | boolean>;

export interface SettingsStore {
  load(profile: string): Promise<Settings | undefined>;
  save(profile: string, settings: Settings): Promise<void>;
  profiles(): Promise<string[]>;
}

/** An in-memory store with an artificial delay, for tests and the demo. */
export class MemoryStore implements SettingsStore {
  private readonly data = new Map<string, Settings>();

  constructor(private readonly delayMs = 5) {}

  private wait(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, this.delayMs));
  }

  async load(profile: string): Promise<Settings | undefined> {
    await this.wait();
    const found = this.data.get(profile);
    return found ? { ...found } : undefined;
  }

  async save(profile: string, settings: Settings): Promise<void> {
    await this.wait();
    this.data.set(profile, { ...settings });
  }

  async profiles(): Promise<string[]> {
    await this.wait();
    return [...this.data.keys()].sort();
  }
}
