#ifndef PROTOCOL_H
#define PROTOCOL_H
#include <stddef.h>
#include <stdint.h>
#include "sensor_task.h"

#define FRAME_SOF 0xA5
#define FRAME_MAX_PAYLOAD 32

typedef enum { MSG_SAMPLE = 0x01, MSG_STATUS = 0x02, MSG_ACK = 0x80 } msg_type_t;

/* SOF | type | len | payload[len] | crc16 (big endian) */
size_t protocol_encode_sample(const sensor_sample_t *s, uint8_t *out, size_t out_len);
int protocol_decode(const uint8_t *frame, size_t len, msg_type_t *type, uint8_t *payload, size_t *payload_len);
#endif
