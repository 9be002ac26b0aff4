package com.acme.orders.service;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class PricingServiceTest {
    private final PricingService pricing = new PricingService();

    @ParameterizedTest
    @CsvSource({"1000,10,900", "1000,0,1000", "999,100,0"})
    void appliesDiscount(long total, int percent, long expected) {
        assertThat(pricing.applyDiscount(total, percent)).isEqualTo(expected);
    }
}
