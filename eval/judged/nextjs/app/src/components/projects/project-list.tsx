"use client";

import Link from "next/link";
import { useProjects } from "@/hooks/use-projects";

export function ProjectList() {
  const { data, isPending, error } = useProjects();
  if (isPending) return <p>Loading…</p>;
  if (error) return <p className="text-destructive">Could not load projects.</p>;
  return (
    <ul className="divide-y rounded-lg border">
      {data.map((p) => (
        <li key={p.id} className="p-4">
          <Link href={`/projects/${p.id}`} className="font-medium hover:underline">{p.name}</Link>
        </li>
      ))}
    </ul>
  );
}
