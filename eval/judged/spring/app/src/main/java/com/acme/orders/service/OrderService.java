package com.acme.orders.service;

import com.acme.orders.api.dto.CreateOrderRequest;
import com.acme.orders.api.dto.OrderResponse;
import com.acme.orders.domain.*;
import com.acme.orders.exception.NotFoundException;
import com.acme.orders.mapper.OrderMapper;
import com.acme.orders.repository.CustomerRepository;
import com.acme.orders.repository.OrderRepository;
import lombok.RequiredArgsConstructor;
import lombok.extern.slf4j.Slf4j;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Slf4j
@Service
@RequiredArgsConstructor
public class OrderService {
    private final OrderRepository orders;
    private final CustomerRepository customers;
    private final OrderMapper mapper;

    @Transactional
    public OrderResponse create(CreateOrderRequest request) {
        Customer customer = customers.findById(request.customerId())
                .orElseThrow(() -> new NotFoundException("customer", request.customerId()));
        Order order = new Order();
        order.setCustomer(customer);
        order.setCurrency(request.currency());
        request.lines().forEach(l -> order.addLine(mapper.toEntity(l)));
        Order saved = orders.save(order);
        log.info("order created id={} customer={}", saved.getId(), customer.getId());
        return mapper.toResponse(saved);
    }

    @Transactional(readOnly = true)
    public OrderResponse get(Long id) {
        return orders.findWithLinesById(id).map(mapper::toResponse)
                .orElseThrow(() -> new NotFoundException("order", id));
    }

    @Transactional(readOnly = true)
    public Page<OrderResponse> list(Long customerId, OrderStatus status, Pageable pageable) {
        return orders.findByCustomerIdAndStatus(customerId, status, pageable).map(mapper::toResponse);
    }

    @Transactional
    public OrderResponse cancel(Long id) {
        Order order = orders.findById(id).orElseThrow(() -> new NotFoundException("order", id));
        if (order.getStatus() == OrderStatus.SHIPPED) {
            throw new IllegalStateException("shipped orders cannot be cancelled");
        }
        order.setStatus(OrderStatus.CANCELLED);
        return mapper.toResponse(order);
    }
}
