import { Router } from 'express';
import { createReadStream } from 'node:fs';
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

  router.get('/reports/download', async (req, res, next) => {
    const name = String(req.query.file ?? '');
    if (name === '') {
      res.status(400).json({ error: 'file is required' });
      return;
    }
    const file = path.join(config.reportsDir, name);
    try {
      const info = await stat(file);
      res.setHeader('Content-Type', 'text/csv');
      res.setHeader('Content-Length', String(info.size));
      res.setHeader('Content-Disposition', `attachment; filename="${path.basename(file)}"`);
      createReadStream(file).pipe(res);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        res.status(404).json({ error: 'no such report' });
        return;
      }
      next(error);
    }
  });

  return router;
}
