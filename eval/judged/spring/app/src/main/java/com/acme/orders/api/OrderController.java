package com.acme.orders.api;

import com.acme.orders.api.dto.CreateOrderRequest;
import com.acme.orders.api.dto.OrderResponse;
import com.acme.orders.domain.OrderStatus;
import com.acme.orders.service.OrderService;
import jakarta.validation.Valid;
import lombok.RequiredArgsConstructor;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.*;

@RestController
@RequestMapping("/api/v1/orders")
@RequiredArgsConstructor
public class OrderController {
    private final OrderService orderService;

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    public OrderResponse create(@Valid @RequestBody CreateOrderRequest request) {
        return orderService.create(request);
    }

    @GetMapping("/{id}")
    public OrderResponse get(@PathVariable Long id) {
        return orderService.get(id);
    }

    @GetMapping
    public Page<OrderResponse> list(@RequestParam Long customerId,
                                    @RequestParam(defaultValue = "PENDING") OrderStatus status,
                                    Pageable pageable) {
        return orderService.list(customerId, status, pageable);
    }

    @PostMapping("/{id}/cancel")
    public OrderResponse cancel(@PathVariable Long id) {
        return orderService.cancel(id);
    }
}
