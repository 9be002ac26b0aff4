#include "unity.h"
#include "protocol.h"
#include "mock_crc16.h"

void setUp(void) {}
void tearDown(void) {}

void test_encode_rejects_small_buffer(void)
{
    sensor_sample_t s = {0};
    uint8_t out[4];
    TEST_ASSERT_EQUAL_UINT(0, protocol_encode_sample(&s, out, sizeof(out)));
}

void test_decode_bad_crc_returns_minus3(void)
{
    uint8_t frame[] = {FRAME_SOF, MSG_STATUS, 1, 0x00, 0x12, 0x34};
    msg_type_t t;
    uint8_t p[FRAME_MAX_PAYLOAD];
    size_t pl;
    crc16_ccitt_ExpectAnyArgsAndReturn(0xBEEF);
    TEST_ASSERT_EQUAL_INT(-3, protocol_decode(frame, sizeof(frame), &t, p, &pl));
}
