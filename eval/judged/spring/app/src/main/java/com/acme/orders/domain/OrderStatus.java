package com.acme.orders.domain;

public enum OrderStatus { PENDING, PAID, SHIPPED, CANCELLED }
