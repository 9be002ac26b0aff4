import { describe, expect, it } from 'vitest';
import { overlaps } from './time';

const at = (h: number) => new Date(Date.UTC(2025, 0, 6, h));

describe('overlaps', () => {
	it('detects overlapping intervals', () => {
		expect(overlaps({ startsAt: at(9), endsAt: at(11) }, { startsAt: at(10), endsAt: at(12) })).toBe(true);
	});
	it('treats touching intervals as free', () => {
		expect(overlaps({ startsAt: at(9), endsAt: at(10) }, { startsAt: at(10), endsAt: at(11) })).toBe(false);
	});
});
