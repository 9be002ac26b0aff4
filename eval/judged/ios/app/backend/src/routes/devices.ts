import { randomUUID } from "node:crypto";
import { Router } from "express";
import { z } from "zod";
import { db } from "../db.js";

const RegisterDevice = z.object({
  token: z.string().regex(/^[0-9a-f]{64}$/),
  platform: z.literal("ios"),
  timezone: z.string().min(1),
  reminderHour: z.number().int().min(0).max(23),
});

export const devicesRouter = Router();

devicesRouter.post("/", (req, res) => {
  const parsed = RegisterDevice.safeParse(req.body);
  if (!parsed.success) return res.status(400).json({ error: parsed.error.flatten() });
  const { token, timezone, reminderHour } = parsed.data;
  const id = randomUUID();
  db.prepare(
    `INSERT INTO devices (id, token, timezone, reminder_hour) VALUES (?, ?, ?, ?)
     ON CONFLICT(token) DO UPDATE SET timezone = excluded.timezone, reminder_hour = excluded.reminder_hour`
  ).run(id, token, timezone, reminderHour);
  const row = db.prepare("SELECT id FROM devices WHERE token = ?").get(token) as { id: string };
  res.status(201).json({ deviceId: row.id });
});

devicesRouter.delete("/:id", (req, res) => {
  db.prepare("DELETE FROM devices WHERE id = ?").run(req.params.id);
  res.status(204).end();
});
