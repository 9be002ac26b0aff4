import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';

@Injectable()
export class UsersService {
  constructor(private readonly prisma: PrismaService) {}

  findByEmail(tenantSlug: string, email: string) {
    return this.prisma.user.findFirst({ where: { email, tenant: { slug: tenantSlug } } });
  }
}
