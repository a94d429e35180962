// Types of scripts/fast-tests.mjs for the tests.
export const LIST: string;
export const THRESHOLD_MS: number;
export function fastFiles(
  report: {
    testResults?: { name: string; status: string; startTime: number; endTime: number }[];
  },
  threshold?: number,
): string[];
