import { Router } from 'express';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ServerConfig } from '../config.js';

export interface ReportEntry {
  name: string;
  size: number;
  modified: string;
}

export function reportsRouter(config: ServerConfig): Router {
  const router = Router();

  router.get('/reports', async (_req, res, next) => {
    try {
      const names = (await readdir(config.reportsDir)).filter((name) => name.endsWith('.csv'));
      const entries: ReportEntry[] = [];
      for (const name of names.slice(0, config.maxListed)) {
        const info = await stat(path.join(config.reportsDir, name));
        entries.push({ name, size: info.size, modified: info.mtime.toISOString() });
      }
      entries.sort((a, b) => b.modified.localeCompare(a.modified));
      res.json({ reports: entries });
    } catch (error) {
      next(error);
    }
  });

  return router;
}
