import { redirect } from '@sveltejs/kit';
import type { PageServerLoad } from './$types';
import { listBookingsForUser } from '$lib/server/bookings';

export const load: PageServerLoad = async ({ locals }) => {
	if (!locals.user) redirect(302, '/login');
	return { bookings: await listBookingsForUser(locals.user.id) };
};
