package com.acme.orders.config;

import org.springframework.boot.context.properties.ConfigurationProperties;

@ConfigurationProperties(prefix = "orders")
public record OrdersProperties(int maxLinesPerOrder, String defaultCurrency) {
}
