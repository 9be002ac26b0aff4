import request from "supertest";
import { describe, expect, it } from "vitest";
import { app } from "../src/index.js";

describe("POST /devices", () => {
  it("registers a device and returns its id", async () => {
    const res = await request(app)
      .post("/devices")
      .send({ token: "a".repeat(64), platform: "ios", timezone: "Europe/Paris", reminderHour: 20 });
    expect(res.status).toBe(201);
    expect(res.body.deviceId).toBeTypeOf("string");
  });

  it("rejects a malformed token", async () => {
    const res = await request(app).post("/devices").send({ token: "xyz", platform: "ios", timezone: "UTC", reminderHour: 8 });
    expect(res.status).toBe(400);
  });
});
