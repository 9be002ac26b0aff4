import { error, fail, redirect } from '@sveltejs/kit';
import { eq } from 'drizzle-orm';
import type { Actions, PageServerLoad } from './$types';
import { db } from '$lib/server/db';
import { booking, room } from '$lib/server/db/schema';
import { bookingSchema } from '$lib/server/validation';
import { BookingConflictError, createBooking } from '$lib/server/bookings';

export const load: PageServerLoad = async ({ params }) => {
	const found = await db.query.room.findFirst({ where: eq(room.id, params.id) });
	if (!found) error(404, 'Room not found');
	const bookings = await db.select().from(booking).where(eq(booking.roomId, params.id));
	return { room: found, bookings };
};

export const actions: Actions = {
	book: async ({ request, locals }) => {
		if (!locals.user) redirect(302, '/login');
		const parsed = bookingSchema.safeParse(Object.fromEntries(await request.formData()));
		if (!parsed.success) return fail(400, { errors: parsed.error.flatten().fieldErrors });
		try {
			await createBooking({ ...parsed.data, userId: locals.user.id });
		} catch (e) {
			if (e instanceof BookingConflictError) return fail(409, { errors: { startsAt: [e.message] } });
			throw e;
		}
		redirect(303, '/bookings');
	}
};
