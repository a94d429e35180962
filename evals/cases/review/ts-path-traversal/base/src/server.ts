import express from 'express';
import { loadConfig } from './config.js';
import { reportsRouter } from './routes/reports.js';

const config = loadConfig();
const app = express();

app.get('/health', (_req, res) => {
  res.type('text/plain').send('ok');
});

app.use(reportsRouter(config));

app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
  console.error('request failed:', error.message);
  res.status(500).json({ error: 'internal error' });
});

app.listen(config.port, () => {
  console.log(`report-server listening on :${config.port}, serving ${config.reportsDir}`);
});
