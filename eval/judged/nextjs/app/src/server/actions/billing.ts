"use server";

import { redirect } from "next/navigation";
import { auth } from "@/auth";
import { db } from "@/lib/db";
import { stripe, PLANS } from "@/lib/stripe";

export async function createCheckoutSession(orgId: string, plan: keyof typeof PLANS) {
  const session = await auth();
  if (!session?.user) throw new Error("Unauthorized");
  const org = await db.organization.findUniqueOrThrow({ where: { id: orgId } });

  const checkout = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer: org.stripeCustomerId ?? undefined,
    line_items: [{ price: PLANS[plan].priceId, quantity: 1 }],
    success_url: `${process.env.NEXT_PUBLIC_APP_URL}/settings/billing?success=1`,
    cancel_url: `${process.env.NEXT_PUBLIC_APP_URL}/settings/billing`,
    metadata: { orgId },
  });
  redirect(checkout.url!);
}
