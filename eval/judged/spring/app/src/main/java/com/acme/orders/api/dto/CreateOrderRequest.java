package com.acme.orders.api.dto;

import jakarta.validation.Valid;
import jakarta.validation.constraints.*;

import java.util.List;

public record CreateOrderRequest(
        @NotNull Long customerId,
        @NotBlank @Size(min = 3, max = 3) String currency,
        @NotEmpty List<@Valid Line> lines) {

    public record Line(@NotBlank String sku, @Positive int quantity, @PositiveOrZero long unitCents) {}
}
