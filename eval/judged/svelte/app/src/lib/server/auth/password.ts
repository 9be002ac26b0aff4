import { hash, verify } from '@node-rs/argon2';

const opts = { memoryCost: 19456, timeCost: 2, outputLen: 32, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, opts);
export const verifyPassword = (hashed: string, password: string) => verify(hashed, password, opts);
