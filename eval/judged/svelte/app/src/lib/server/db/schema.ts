import { pgTable, text, integer, timestamp, uuid, boolean, index } from 'drizzle-orm/pg-core';

export const user = pgTable('user', {
	id: text('id').primaryKey(),
	email: text('email').notNull().unique(),
	name: text('name').notNull(),
	passwordHash: text('password_hash').notNull(),
	isAdmin: boolean('is_admin').notNull().default(false)
});

export const session = pgTable('session', {
	id: text('id').primaryKey(),
	userId: text('user_id').notNull().references(() => user.id),
	expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull()
});

export const room = pgTable('room', {
	id: uuid('id').primaryKey().defaultRandom(),
	name: text('name').notNull(),
	floor: integer('floor').notNull(),
	capacity: integer('capacity').notNull(),
	hasVideo: boolean('has_video').notNull().default(false)
});

export const booking = pgTable(
	'booking',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		roomId: uuid('room_id').notNull().references(() => room.id),
		userId: text('user_id').notNull().references(() => user.id),
		title: text('title').notNull(),
		startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
		endsAt: timestamp('ends_at', { withTimezone: true }).notNull()
	},
	(t) => [index('booking_room_time_idx').on(t.roomId, t.startsAt)]
);

export type Session = typeof session.$inferSelect;
export type User = typeof user.$inferSelect;
export type Room = typeof room.$inferSelect;
export type Booking = typeof booking.$inferSelect;
