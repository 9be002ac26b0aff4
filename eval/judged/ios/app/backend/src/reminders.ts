import cron from "node-cron";
import { sendReminder } from "./apns.js";
import { db, type DeviceRow } from "./db.js";

export function hourIn(timezone: string, now = new Date()): number {
  return Number(new Intl.DateTimeFormat("en-US", { hour: "numeric", hour12: false, timeZone: timezone }).format(now));
}

export function startReminderCron() {
  cron.schedule("0 * * * *", async () => {
    const devices = db.prepare("SELECT * FROM devices").all() as DeviceRow[];
    for (const device of devices.filter((d) => hourIn(d.timezone) === d.reminder_hour)) {
      await sendReminder(device.token, "Streakly", "Keep your streak going!");
    }
  });
}
