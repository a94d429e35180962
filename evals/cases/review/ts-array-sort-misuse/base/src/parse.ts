export interface Sample {
  route: string;
  status: number;
  millis: number;
}

/** Parses `ROUTE STATUS MILLIS` lines; malformed lines are skipped and counted. */
export function parseLog(text: string): { samples: Sample[]; skipped: number } {
  const samples: Sample[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const [route, status, millis] = line.trim().split(/\s+/);
    const parsed = { route, status: Number(status), millis: Number(millis) };
    if (!route || !Number.isInteger(parsed.status) || !Number.isFinite(parsed.millis)) {
      skipped += 1;
      continue;
    }
    samples.push(parsed);
  }
  return { samples, skipped };
}
