#include "unity.h"
#include "ring_buffer.h"

static uint8_t storage[8];
static ring_buffer_t rb;

void setUp(void) { rb_init(&rb, storage, sizeof(storage)); }
void tearDown(void) {}

void test_empty_buffer_get_fails(void)
{
    uint8_t b;
    TEST_ASSERT_FALSE(rb_get(&rb, &b));
}

void test_put_then_get_returns_same_byte(void)
{
    uint8_t b = 0;
    TEST_ASSERT_TRUE(rb_put(&rb, 0x42));
    TEST_ASSERT_TRUE(rb_get(&rb, &b));
    TEST_ASSERT_EQUAL_HEX8(0x42, b);
}

void test_full_buffer_rejects_put(void)
{
    for (int i = 0; i < 7; i++) TEST_ASSERT_TRUE(rb_put(&rb, (uint8_t)i));
    TEST_ASSERT_FALSE(rb_put(&rb, 0xFF));
    TEST_ASSERT_EQUAL_UINT(7, rb_count(&rb));
}

int main(void)
{
    UNITY_BEGIN();
    RUN_TEST(test_empty_buffer_get_fails);
    RUN_TEST(test_put_then_get_returns_same_byte);
    RUN_TEST(test_full_buffer_rejects_put);
    return UNITY_END();
}
