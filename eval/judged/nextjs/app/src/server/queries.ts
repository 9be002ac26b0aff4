import "server-only";
import { cache } from "react";
import { db } from "@/lib/db";

export const getProjects = cache(async (orgId: string) => {
  return db.project.findMany({
    where: { organizationId: orgId, status: "ACTIVE" },
    orderBy: { createdAt: "desc" },
  });
});

export const getOrganizationForUser = cache(async (userId: string) => {
  return db.membership.findFirst({ where: { userId }, include: { organization: true } });
});
