import { Router } from 'express';
import { z } from 'zod';
import { highlightStore } from '../services/highlightStore.js';

const HighlightIn = z.object({
  id: z.string().uuid(),
  url: z.string().url(),
  text: z.string().min(1).max(5000),
  color: z.enum(['yellow', 'green', 'pink']),
  createdAt: z.number().int(),
});

export const highlightsRouter = Router();

highlightsRouter.get('/', (req, res) => {
  const since = Number(req.query.since ?? 0);
  res.json(highlightStore.listSince(req.userId!, since));
});

highlightsRouter.post('/bulk', (req, res) => {
  const items = z.array(HighlightIn).max(500).parse(req.body);
  const accepted = highlightStore.upsertMany(req.userId!, items);
  res.status(201).json({ accepted });
});

highlightsRouter.delete('/:id', (req, res) => {
  highlightStore.remove(req.userId!, req.params.id);
  res.status(204).end();
});
