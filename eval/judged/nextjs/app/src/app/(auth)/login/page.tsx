import { signIn } from "@/auth";
import { Button } from "@/components/ui/button";

export default function LoginPage() {
  return (
    <form
      action={async () => {
        "use server";
        await signIn("github", { redirectTo: "/dashboard" });
      }}
      className="mx-auto mt-24 max-w-sm space-y-4"
    >
      <h1 className="text-2xl font-semibold">Sign in</h1>
      <Button type="submit" className="w-full">Continue with GitHub</Button>
    </form>
  );
}
