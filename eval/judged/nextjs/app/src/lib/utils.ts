import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

export function formatCurrency(amountInCents: number, currency = "usd") {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amountInCents / 100);
}
