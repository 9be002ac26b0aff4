import { INestApplication, ValidationPipe } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import * as request from 'supertest';
import { AppModule } from '../src/app.module';

describe('Projects (e2e)', () => {
  let app: INestApplication;
  let token: string;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication();
    app.setGlobalPrefix('api/v1');
    app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }));
    await app.init();
    const res = await request(app.getHttpServer()).post('/api/v1/auth/login').send({ tenantSlug: 'acme', email: 'owner@acme.test', password: 'secretsecret' });
    token = res.body.accessToken;
  });

  afterAll(() => app.close());

  it('GET /projects requires a token', () => request(app.getHttpServer()).get('/api/v1/projects').expect(401));

  it('POST /projects validates the body', () =>
    request(app.getHttpServer()).post('/api/v1/projects').set('Authorization', `Bearer ${token}`).send({ name: '' }).expect(400));
});
