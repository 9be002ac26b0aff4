package com.acme.orders.service;

import com.acme.orders.domain.Order;
import com.acme.orders.domain.OrderStatus;
import com.acme.orders.mapper.OrderMapper;
import com.acme.orders.repository.CustomerRepository;
import com.acme.orders.repository.OrderRepository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.InjectMocks;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.when;

@ExtendWith(MockitoExtension.class)
class OrderServiceTest {
    @Mock OrderRepository orders;
    @Mock CustomerRepository customers;
    @Mock OrderMapper mapper;
    @InjectMocks OrderService service;

    @Test
    void cannotCancelShippedOrder() {
        Order order = new Order();
        order.setStatus(OrderStatus.SHIPPED);
        when(orders.findById(1L)).thenReturn(Optional.of(order));
        assertThatThrownBy(() -> service.cancel(1L)).isInstanceOf(IllegalStateException.class);
    }
}
