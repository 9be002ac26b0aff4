export function StatsCards({ projectCount, plan }: { projectCount: number; plan: string }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <div className="rounded-lg border p-4">
        <p className="text-sm text-muted-foreground">Projects</p>
        <p className="text-2xl font-bold">{projectCount}</p>
      </div>
      <div className="rounded-lg border p-4">
        <p className="text-sm text-muted-foreground">Plan</p>
        <p className="text-2xl font-bold">{plan}</p>
      </div>
    </div>
  );
}
