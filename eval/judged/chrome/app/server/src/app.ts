import express from 'express';
import cors from 'cors';
import helmet from 'helmet';
import rateLimit from 'express-rate-limit';
import { highlightsRouter } from './routes/highlights.js';
import { requireAuth } from './middleware/auth.js';
import { errorHandler } from './middleware/errors.js';

export function createApp() {
  const app = express();
  app.use(helmet());
  app.use(cors({ origin: [/^chrome-extension:\/\//] }));
  app.use(express.json({ limit: '256kb' }));
  app.use(rateLimit({ windowMs: 60_000, limit: 120 }));
  app.get('/health', (_req, res) => res.json({ ok: true }));
  app.use('/v1/highlights', requireAuth, highlightsRouter);
  app.use(errorHandler);
  return app;
}
