import { and, eq, gt, lt } from 'drizzle-orm';
import { db } from '$lib/server/db';
import { booking } from '$lib/server/db/schema';
import { overlaps } from '$lib/utils/time';

export class BookingConflictError extends Error {}

export async function createBooking(input: { roomId: string; userId: string; title: string; startsAt: Date; endsAt: Date }) {
	return db.transaction(async (tx) => {
		const clashes = await tx
			.select()
			.from(booking)
			.where(and(eq(booking.roomId, input.roomId), lt(booking.startsAt, input.endsAt), gt(booking.endsAt, input.startsAt)));
		if (clashes.some((b) => overlaps(b, input))) throw new BookingConflictError('Room already booked');
		const [created] = await tx.insert(booking).values(input).returning();
		return created;
	});
}

export function listBookingsForUser(userId: string) {
	return db.query.booking.findMany({ where: eq(booking.userId, userId), orderBy: booking.startsAt });
}
