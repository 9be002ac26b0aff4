import { redirect } from "next/navigation";
import { auth } from "@/auth";
import { SidebarNav } from "@/components/sidebar-nav";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const session = await auth();
  if (!session) redirect("/login");
  return (
    <div className="flex min-h-screen">
      <SidebarNav />
      <main className="flex-1 p-8">{children}</main>
    </div>
  );
}
