export interface Interval {
	startsAt: Date;
	endsAt: Date;
}

export function overlaps(a: Interval, b: Interval): boolean {
	return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

export function formatSlot(i: Interval, locale = 'en-GB'): string {
	const d = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
	return `${d.format(i.startsAt)} – ${new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(i.endsAt)}`;
}
