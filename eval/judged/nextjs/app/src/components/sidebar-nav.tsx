"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { LayoutDashboard, FolderKanban, CreditCard } from "lucide-react";
import { cn } from "@/lib/utils";

const items = [
  { href: "/dashboard", label: "Overview", icon: LayoutDashboard },
  { href: "/projects", label: "Projects", icon: FolderKanban },
  { href: "/settings/billing", label: "Billing", icon: CreditCard },
];

export function SidebarNav() {
  const pathname = usePathname();
  return (
    <nav className="w-60 border-r p-4">
      {items.map(({ href, label, icon: Icon }) => (
        <Link key={href} href={href} className={cn("flex items-center gap-2 rounded-md px-3 py-2", pathname === href && "bg-muted")}>
          <Icon className="h-4 w-4" /> {label}
        </Link>
      ))}
    </nav>
  );
}
