import { Router } from "express";
import { z } from "zod";
import { sendReminder } from "../apns.js";
import { db, type DeviceRow } from "../db.js";

const NotifyBody = z.object({ deviceId: z.string().uuid(), title: z.string(), body: z.string() });

export const notifyRouter = Router();

// Internal endpoint used for manual test pushes.
notifyRouter.post("/", async (req, res) => {
  const parsed = NotifyBody.safeParse(req.body);
  if (!parsed.success) return res.status(400).json({ error: parsed.error.flatten() });
  const device = db.prepare("SELECT * FROM devices WHERE id = ?").get(parsed.data.deviceId) as DeviceRow | undefined;
  if (!device) return res.status(404).json({ error: "unknown device" });
  const result = await sendReminder(device.token, parsed.data.title, parsed.data.body);
  res.json(result);
});
