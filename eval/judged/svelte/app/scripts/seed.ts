import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { room } from '../src/lib/server/db/schema';

const db = drizzle(postgres(process.env.DATABASE_URL!));
await db.insert(room).values([
	{ name: 'Everest', floor: 3, capacity: 12, hasVideo: true },
	{ name: 'K2', floor: 3, capacity: 6 },
	{ name: 'Matterhorn', floor: 2, capacity: 4 }
]);
process.exit(0);
