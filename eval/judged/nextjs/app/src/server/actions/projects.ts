"use server";

import { revalidatePath } from "next/cache";
import { auth } from "@/auth";
import { db } from "@/lib/db";
import { projectSchema } from "@/lib/validations/project";

export async function createProject(orgId: string, input: unknown) {
  const session = await auth();
  if (!session?.user) throw new Error("Unauthorized");

  const data = projectSchema.parse(input);
  const project = await db.project.create({ data: { ...data, organizationId: orgId } });
  revalidatePath("/projects");
  return project;
}

export async function archiveProject(projectId: string) {
  const session = await auth();
  if (!session?.user) throw new Error("Unauthorized");
  await db.project.update({ where: { id: projectId }, data: { status: "ARCHIVED" } });
  revalidatePath("/projects");
}
