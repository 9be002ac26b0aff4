package com.acme.orders.api;

import com.acme.orders.service.OrderService;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.boot.test.mock.mockito.MockBean;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.jwt;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

@WebMvcTest(OrderController.class)
class OrderControllerTest {
    @Autowired MockMvc mvc;
    @MockBean OrderService orderService;

    @Test
    void rejectsOrderWithoutLines() throws Exception {
        mvc.perform(post("/api/v1/orders").with(jwt())
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"customerId\":1,\"currency\":\"EUR\",\"lines\":[]}"))
           .andExpect(status().isBadRequest());
    }
}
