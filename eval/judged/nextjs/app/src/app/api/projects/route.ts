import { NextResponse } from "next/server";
import { auth } from "@/auth";
import { getOrganizationForUser, getProjects } from "@/server/queries";

export async function GET() {
  const session = await auth();
  if (!session?.user?.id) return NextResponse.json({ error: "Unauthorized" }, { status: 401 });
  const membership = await getOrganizationForUser(session.user.id);
  if (!membership) return NextResponse.json([], { status: 200 });
  const projects = await getProjects(membership.organizationId);
  return NextResponse.json(projects);
}
