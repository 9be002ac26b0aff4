import { error, fail } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { db } from '$lib/server/db';
import { room } from '$lib/server/db/schema';

export const load: PageServerLoad = async ({ locals }) => {
	if (!locals.user?.isAdmin) error(403, 'Forbidden');
	return { rooms: await db.select().from(room) };
};

export const actions: Actions = {
	create: async ({ request, locals }) => {
		if (!locals.user?.isAdmin) error(403, 'Forbidden');
		const data = await request.formData();
		const name = String(data.get('name') ?? '');
		const capacity = Number(data.get('capacity'));
		if (!name || !Number.isInteger(capacity)) return fail(400, { message: 'Name and capacity required' });
		await db.insert(room).values({ name, capacity, floor: Number(data.get('floor') ?? 0) });
	}
};
