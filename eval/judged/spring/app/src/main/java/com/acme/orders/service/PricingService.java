package com.acme.orders.service;

import org.springframework.stereotype.Service;

@Service
public class PricingService {
    public long applyDiscount(long totalCents, int percent) {
        if (percent < 0 || percent > 100) throw new IllegalArgumentException("percent");
        return totalCents - (totalCents * percent / 100);
    }
}
