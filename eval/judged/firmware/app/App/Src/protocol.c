#include "protocol.h"
#include <string.h>
#include "crc16.h"

size_t protocol_encode_sample(const sensor_sample_t *s, uint8_t *out, size_t out_len)
{
    const size_t plen = sizeof(*s);
    if (out_len < plen + 5)
    {
        return 0;
    }
    out[0] = FRAME_SOF;
    out[1] = MSG_SAMPLE;
    out[2] = (uint8_t)plen;
    memcpy(&out[3], s, plen);
    uint16_t crc = crc16_ccitt(&out[1], plen + 2);
    out[3 + plen] = (uint8_t)(crc >> 8);
    out[4 + plen] = (uint8_t)crc;
    return plen + 5;
}

int protocol_decode(const uint8_t *frame, size_t len, msg_type_t *type, uint8_t *payload, size_t *payload_len)
{
    if (len < 5 || frame[0] != FRAME_SOF)
    {
        return -1;
    }
    size_t plen = frame[2];
    if (plen > FRAME_MAX_PAYLOAD || len != plen + 5)
    {
        return -2;
    }
    uint16_t crc = (uint16_t)((frame[3 + plen] << 8) | frame[4 + plen]);
    if (crc != crc16_ccitt(&frame[1], plen + 2))
    {
        return -3;
    }
    *type = (msg_type_t)frame[1];
    memcpy(payload, &frame[3], plen);
    *payload_len = plen;
    return 0;
}
