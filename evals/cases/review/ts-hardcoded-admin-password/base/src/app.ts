import express from 'express';
import { requireAdmin, requireOperator } from './auth.js';
import { FlagStore } from './flags.js';

export function createApp(store = new FlagStore()): express.Express {
  const app = express();
  app.use(express.json());

  app.get('/flags', requireOperator, (_req, res) => {
    res.json({ flags: store.list() });
  });

  app.put('/flags/:name', requireAdmin, (req, res) => {
    try {
      const flag = store.set(req.params.name, Boolean(req.body?.enabled), res.locals.operator.login);
      res.json(flag);
    } catch (error) {
      res.status(400).json({ error: (error as Error).message });
    }
  });

  return app;
}
