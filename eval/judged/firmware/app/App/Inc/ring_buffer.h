#ifndef RING_BUFFER_H
#define RING_BUFFER_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct
{
    uint8_t *buf;
    size_t size; /* power of two */
    volatile size_t head;
    volatile size_t tail;
} ring_buffer_t;

void rb_init(ring_buffer_t *rb, uint8_t *storage, size_t size);
bool rb_put(ring_buffer_t *rb, uint8_t byte);
bool rb_get(ring_buffer_t *rb, uint8_t *byte);
size_t rb_count(const ring_buffer_t *rb);
#endif
