import { headers } from "next/headers";
import type Stripe from "stripe";
import { stripe } from "@/lib/stripe";
import { db } from "@/lib/db";

export async function POST(req: Request) {
  const body = await req.text();
  const signature = headers().get("stripe-signature")!;

  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(body, signature, process.env.STRIPE_WEBHOOK_SECRET!);
  } catch {
    return new Response("Invalid signature", { status: 400 });
  }

  if (event.type === "checkout.session.completed") {
    const session = event.data.object as Stripe.Checkout.Session;
    await db.organization.update({
      where: { id: session.metadata!.orgId },
      data: { stripeCustomerId: session.customer as string, stripeSubscriptionId: session.subscription as string, plan: "PRO" },
    });
  }

  if (event.type === "customer.subscription.deleted") {
    const sub = event.data.object as Stripe.Subscription;
    await db.organization.update({ where: { stripeSubscriptionId: sub.id }, data: { plan: "FREE" } });
  }

  return new Response(null, { status: 200 });
}
