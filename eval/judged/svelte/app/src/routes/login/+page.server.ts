import { fail, redirect } from '@sveltejs/kit';
import { eq } from 'drizzle-orm';
import type { Actions, PageServerLoad } from './$types';
import * as auth from '$lib/server/auth';
import { verifyPassword } from '$lib/server/auth/password';
import { db } from '$lib/server/db';
import { user } from '$lib/server/db/schema';
import { loginSchema } from '$lib/server/validation';

export const load: PageServerLoad = ({ locals }) => {
	if (locals.user) redirect(302, '/rooms');
};

export const actions: Actions = {
	default: async (event) => {
		const parsed = loginSchema.safeParse(Object.fromEntries(await event.request.formData()));
		if (!parsed.success) return fail(400, { message: 'Invalid email or password' });
		const [existing] = await db.select().from(user).where(eq(user.email, parsed.data.email));
		if (!existing || !(await verifyPassword(existing.passwordHash, parsed.data.password)))
			return fail(400, { message: 'Invalid email or password' });
		const token = auth.generateSessionToken();
		const session = await auth.createSession(token, existing.id);
		auth.setSessionCookie(event, token, session.expiresAt);
		redirect(302, '/rooms');
	}
};
