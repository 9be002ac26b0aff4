#include "ring_buffer.h"

void rb_init(ring_buffer_t *rb, uint8_t *storage, size_t size)
{
    rb->buf = storage;
    rb->size = size;
    rb->head = 0;
    rb->tail = 0;
}

bool rb_put(ring_buffer_t *rb, uint8_t byte)
{
    size_t next = (rb->head + 1) & (rb->size - 1);
    if (next == rb->tail)
    {
        return false; /* full */
    }
    rb->buf[rb->head] = byte;
    rb->head = next;
    return true;
}

bool rb_get(ring_buffer_t *rb, uint8_t *byte)
{
    if (rb->head == rb->tail)
    {
        return false;
    }
    *byte = rb->buf[rb->tail];
    rb->tail = (rb->tail + 1) & (rb->size - 1);
    return true;
}

size_t rb_count(const ring_buffer_t *rb)
{
    return (rb->head - rb->tail) & (rb->size - 1);
}
