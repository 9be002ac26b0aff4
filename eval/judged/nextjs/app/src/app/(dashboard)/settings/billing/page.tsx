import { auth } from "@/auth";
import { getOrganizationForUser } from "@/server/queries";
import { createCheckoutSession } from "@/server/actions/billing";
import { Button } from "@/components/ui/button";

export default async function BillingPage() {
  const session = await auth();
  const membership = await getOrganizationForUser(session!.user.id);
  const org = membership!.organization;
  return (
    <section className="space-y-4">
      <h1 className="text-3xl font-bold">Billing</h1>
      <p>Current plan: <strong>{org.plan}</strong></p>
      <form action={createCheckoutSession.bind(null, org.id, "PRO")}>
        <Button type="submit">Upgrade to Pro</Button>
      </form>
    </section>
  );
}
