import { describe, expect, it } from "vitest";
import { cn, formatCurrency } from "@/lib/utils";

describe("cn", () => {
  it("merges tailwind classes", () => {
    expect(cn("px-2", "px-4")).toBe("px-4");
  });
});

describe("formatCurrency", () => {
  it("formats cents as dollars", () => {
    expect(formatCurrency(1999)).toBe("$19.99");
  });
});
