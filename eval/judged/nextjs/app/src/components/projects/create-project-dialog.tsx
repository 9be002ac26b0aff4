"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState, useTransition } from "react";
import { projectSchema, type ProjectInput } from "@/lib/validations/project";
import { createProject } from "@/server/actions/projects";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

export function CreateProjectDialog({ orgId = "" }: { orgId?: string }) {
  const [open, setOpen] = useState(false);
  const [isPending, startTransition] = useTransition();
  const queryClient = useQueryClient();
  const form = useForm<ProjectInput>({ resolver: zodResolver(projectSchema), defaultValues: { name: "" } });

  const onSubmit = form.handleSubmit((values) =>
    startTransition(async () => {
      await createProject(orgId, values);
      await queryClient.invalidateQueries({ queryKey: ["projects"] });
      setOpen(false);
    }),
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild><Button>New project</Button></DialogTrigger>
      <DialogContent>
        <DialogTitle>Create project</DialogTitle>
        <form onSubmit={onSubmit} className="space-y-4">
          <Input placeholder="Project name" {...form.register("name")} />
          {form.formState.errors.name && <p className="text-sm text-destructive">{form.formState.errors.name.message}</p>}
          <Button type="submit" disabled={isPending}>Create</Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
