package com.acme.orders.api;

import com.acme.orders.domain.Customer;
import com.acme.orders.repository.CustomerRepository;
import com.acme.orders.exception.NotFoundException;
import lombok.RequiredArgsConstructor;
import org.springframework.web.bind.annotation.*;

@RestController
@RequestMapping("/api/v1/customers")
@RequiredArgsConstructor
public class CustomerController {
    private final CustomerRepository customers;

    @GetMapping("/{id}")
    public Customer get(@PathVariable Long id) {
        return customers.findById(id).orElseThrow(() -> new NotFoundException("customer", id));
    }
}
