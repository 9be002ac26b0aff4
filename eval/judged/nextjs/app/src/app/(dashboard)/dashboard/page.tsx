import { auth } from "@/auth";
import { getOrganizationForUser, getProjects } from "@/server/queries";
import { StatsCards } from "@/components/stats-cards";

export default async function DashboardPage() {
  const session = await auth();
  const membership = await getOrganizationForUser(session!.user.id);
  const projects = membership ? await getProjects(membership.organizationId) : [];
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Overview</h1>
      <StatsCards projectCount={projects.length} plan={membership?.organization.plan ?? "FREE"} />
    </div>
  );
}
