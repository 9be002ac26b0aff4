import { notFound } from "next/navigation";
import { db } from "@/lib/db";

export default async function ProjectPage({ params }: { params: { projectId: string } }) {
  const project = await db.project.findUnique({ where: { id: params.projectId } });
  if (!project) notFound();
  return (
    <article className="space-y-4">
      <h1 className="text-3xl font-bold">{project.name}</h1>
      <p className="text-muted-foreground">{project.description}</p>
    </article>
  );
}
