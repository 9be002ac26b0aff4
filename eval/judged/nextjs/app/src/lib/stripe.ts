import Stripe from "stripe";

export const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!, {
  apiVersion: "2024-09-30.acacia",
  typescript: true,
});

export const PLANS = {
  PRO: { priceId: process.env.STRIPE_PRO_PRICE_ID!, name: "Pro" },
  ENTERPRISE: { priceId: process.env.STRIPE_ENTERPRISE_PRICE_ID!, name: "Enterprise" },
} as const;
