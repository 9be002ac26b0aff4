import { describe, expect, it } from "vitest";
import { hourIn } from "../src/reminders.js";

describe("hourIn", () => {
  it("converts UTC to the device timezone", () => {
    expect(hourIn("Europe/Paris", new Date("2024-06-01T18:00:00Z"))).toBe(20);
  });
});
