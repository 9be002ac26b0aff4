import { z } from "zod";

export const projectSchema = z.object({
  name: z.string().min(2, "Name must be at least 2 characters").max(64),
  description: z.string().max(500).optional(),
});

export type ProjectInput = z.infer<typeof projectSchema>;
