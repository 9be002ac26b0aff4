import request from 'supertest';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';

const token = jwt.sign({ sub: 'u1' }, 'dev-secret');

describe('POST /v1/highlights/bulk', () => {
  it('rejects a request without a token', async () => {
    await request(createApp()).post('/v1/highlights/bulk').send([]).expect(401);
  });

  it('accepts valid highlights', async () => {
    const res = await request(createApp())
      .post('/v1/highlights/bulk')
      .set('Authorization', `Bearer ${token}`)
      .send([{ id: crypto.randomUUID(), url: 'https://a.test/', text: 'x', color: 'pink', createdAt: 1 }]);
    expect(res.status).toBe(201);
    expect(res.body.accepted).toBe(1);
  });
});
