package com.acme.orders.api.dto;

import java.time.Instant;
import java.util.List;

public record OrderResponse(Long id, Long customerId, String status, long totalCents,
                            String currency, Instant createdAt, List<OrderLineResponse> lines) {
    public record OrderLineResponse(String sku, int quantity, long unitCents) {}
}
