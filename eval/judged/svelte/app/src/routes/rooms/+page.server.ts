import type { PageServerLoad } from './$types';
import { db } from '$lib/server/db';
import { room } from '$lib/server/db/schema';
import { asc } from 'drizzle-orm';

export const load: PageServerLoad = async () => ({
	rooms: await db.select().from(room).orderBy(asc(room.floor), asc(room.name))
});
