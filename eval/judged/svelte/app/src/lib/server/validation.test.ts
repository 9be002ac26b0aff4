import { describe, expect, it } from 'vitest';
import { bookingSchema } from './validation';

describe('bookingSchema', () => {
	it('rejects an end before the start', () => {
		const r = bookingSchema.safeParse({ roomId: crypto.randomUUID(), title: 'Standup', startsAt: '2025-01-06T10:00', endsAt: '2025-01-06T09:00' });
		expect(r.success).toBe(false);
	});
});
