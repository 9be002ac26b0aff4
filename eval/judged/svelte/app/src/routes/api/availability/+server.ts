import { json, error } from '@sveltejs/kit';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { RequestHandler } from './$types';
import { db } from '$lib/server/db';
import { booking } from '$lib/server/db/schema';

export const GET: RequestHandler = async ({ url }) => {
	const roomId = url.searchParams.get('room');
	const from = url.searchParams.get('from');
	const to = url.searchParams.get('to');
	if (!roomId || !from || !to) error(400, 'room, from and to are required');
	const busy = await db
		.select({ startsAt: booking.startsAt, endsAt: booking.endsAt })
		.from(booking)
		.where(and(eq(booking.roomId, roomId), lt(booking.startsAt, new Date(to)), gt(booking.endsAt, new Date(from))));
	return json({ roomId, busy });
};
