import { describe, expect, it } from "vitest";
import { projectSchema } from "@/lib/validations/project";

describe("projectSchema", () => {
  it("rejects a one-letter name", () => {
    expect(projectSchema.safeParse({ name: "a" }).success).toBe(false);
  });
  it("accepts a valid project", () => {
    expect(projectSchema.safeParse({ name: "Website" }).success).toBe(true);
  });
});
