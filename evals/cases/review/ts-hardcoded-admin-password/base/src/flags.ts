export interface Flag {
  name: string;
  enabled: boolean;
  updatedBy: string;
  updatedAt: string;
}

export class FlagStore {
  private readonly flags = new Map<string, Flag>();

  list(): Flag[] {
    return [...this.flags.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  set(name: string, enabled: boolean, by: string): Flag {
    if (!/^[a-z][a-z0-9-]{1,40}$/.test(name)) {
      throw new Error(`invalid flag name: ${name}`);
    }
    const flag = { name, enabled, updatedBy: by, updatedAt: new Date().toISOString() };
    this.flags.set(name, flag);
    return flag;
  }
}
