import "dotenv/config";
import express from "express";
import { devicesRouter } from "./routes/devices.js";
import { notifyRouter } from "./routes/notify.js";
import { startReminderCron } from "./reminders.js";

export const app = express();
app.use(express.json());
app.get("/health", (_req, res) => res.json({ ok: true }));
app.use("/devices", devicesRouter);
app.use("/notify", notifyRouter);

if (process.env.NODE_ENV !== "test") {
  const port = Number(process.env.PORT ?? 3000);
  app.listen(port, () => console.log(`streakly-push listening on :${port}`));
  startReminderCron();
}
