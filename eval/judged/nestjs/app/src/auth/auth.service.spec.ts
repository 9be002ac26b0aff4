import { UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Test } from '@nestjs/testing';
import { UsersService } from '../users/users.service';
import { AuthService } from './auth.service';

describe('AuthService', () => {
  let service: AuthService;
  const users = { findByEmail: jest.fn() };

  beforeEach(async () => {
    const moduleRef = await Test.createTestingModule({
      providers: [
        AuthService,
        { provide: UsersService, useValue: users },
        { provide: JwtService, useValue: { signAsync: jest.fn().mockResolvedValue('token') } },
      ],
    }).compile();
    service = moduleRef.get(AuthService);
  });

  it('rejects unknown users', async () => {
    users.findByEmail.mockResolvedValue(null);
    await expect(service.login({ tenantSlug: 'acme', email: 'x@y.z', password: 'whatever1' })).rejects.toBeInstanceOf(UnauthorizedException);
  });
});
