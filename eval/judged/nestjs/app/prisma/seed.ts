import { PrismaClient } from '@prisma/client';
import * as bcrypt from 'bcrypt';

const prisma = new PrismaClient();

async function main() {
  const tenant = await prisma.tenant.upsert({
    where: { slug: 'acme' },
    update: {},
    create: { slug: 'acme', name: 'Acme Corp' },
  });
  await prisma.user.upsert({
    where: { tenantId_email: { tenantId: tenant.id, email: 'owner@acme.test' } },
    update: {},
    create: { email: 'owner@acme.test', passwordHash: await bcrypt.hash('secret', 10), role: 'OWNER', tenantId: tenant.id },
  });
}

main().finally(() => prisma.$disconnect());
