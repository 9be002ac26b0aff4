package com.acme.orders.mapper;

import com.acme.orders.api.dto.CreateOrderRequest;
import com.acme.orders.api.dto.OrderResponse;
import com.acme.orders.domain.Order;
import com.acme.orders.domain.OrderLine;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

@Mapper
public interface OrderMapper {
    @Mapping(target = "customerId", source = "customer.id")
    OrderResponse toResponse(Order order);

    @Mapping(target = "id", ignore = true)
    @Mapping(target = "order", ignore = true)
    OrderLine toEntity(CreateOrderRequest.Line line);
}
