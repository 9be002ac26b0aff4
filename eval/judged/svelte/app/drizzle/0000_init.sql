CREATE TABLE IF NOT EXISTS "user" ("id" text PRIMARY KEY, "email" text NOT NULL UNIQUE, "name" text NOT NULL, "password_hash" text NOT NULL, "is_admin" boolean DEFAULT false NOT NULL);
CREATE TABLE IF NOT EXISTS "session" ("id" text PRIMARY KEY, "user_id" text NOT NULL REFERENCES "user"("id"), "expires_at" timestamp with time zone NOT NULL);
CREATE TABLE IF NOT EXISTS "room" ("id" uuid PRIMARY KEY DEFAULT gen_random_uuid(), "name" text NOT NULL, "floor" integer NOT NULL, "capacity" integer NOT NULL, "has_video" boolean DEFAULT false NOT NULL);
CREATE TABLE IF NOT EXISTS "booking" ("id" uuid PRIMARY KEY DEFAULT gen_random_uuid(), "room_id" uuid NOT NULL REFERENCES "room"("id"), "user_id" text NOT NULL REFERENCES "user"("id"), "title" text NOT NULL, "starts_at" timestamp with time zone NOT NULL, "ends_at" timestamp with time zone NOT NULL);
CREATE INDEX IF NOT EXISTS "booking_room_time_idx" ON "booking" ("room_id", "starts_at");
