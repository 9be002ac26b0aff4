import { z } from 'zod';

export const bookingSchema = z
	.object({
		roomId: z.string().uuid(),
		title: z.string().min(1).max(120),
		startsAt: z.coerce.date(),
		endsAt: z.coerce.date()
	})
	.refine((v) => v.endsAt > v.startsAt, { message: 'End must be after start', path: ['endsAt'] });

export const loginSchema = z.object({ email: z.string().email(), password: z.string().min(8) });
