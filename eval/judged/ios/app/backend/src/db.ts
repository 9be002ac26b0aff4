import Database from "better-sqlite3";

export const db = new Database(process.env.DATABASE_PATH ?? ":memory:");
db.exec(`CREATE TABLE IF NOT EXISTS devices (
  id TEXT PRIMARY KEY,
  token TEXT UNIQUE NOT NULL,
  timezone TEXT NOT NULL,
  reminder_hour INTEGER NOT NULL,
  created_at TEXT DEFAULT CURRENT_TIMESTAMP
)`);

export interface DeviceRow {
  id: string;
  token: string;
  timezone: string;
  reminder_hour: number;
}
