import { PrismaClient } from "@prisma/client";

const prisma = new PrismaClient();

async function main() {
  const org = await prisma.organization.upsert({
    where: { slug: "acme" },
    update: {},
    create: { name: "Acme Inc", slug: "acme" },
  });
  await prisma.project.createMany({
    data: [
      { name: "Website redesign", organizationId: org.id },
      { name: "Mobile app", organizationId: org.id },
    ],
    skipDuplicates: true,
  });
}

main().finally(() => prisma.$disconnect());
