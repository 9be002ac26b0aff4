#include "comm_task.h"
#include "cmsis_os.h"
#include "protocol.h"
#include "ring_buffer.h"
#include "log.h"

extern osMessageQueueId_t sampleQueueHandle;
extern UART_HandleTypeDef huart2;

static uint8_t rx_storage[256];
static ring_buffer_t rx_rb;
static uint8_t rx_byte;

void StartCommTask(void *argument)
{
    (void)argument;
    rb_init(&rx_rb, rx_storage, sizeof(rx_storage));
    HAL_UART_Receive_IT(&huart2, &rx_byte, 1);
    uint8_t frame[FRAME_MAX_PAYLOAD + 5];
    for (;;)
    {
        sensor_sample_t s;
        if (osMessageQueueGet(sampleQueueHandle, &s, NULL, osWaitForever) == osOK)
        {
            size_t n = protocol_encode_sample(&s, frame, sizeof(frame));
            HAL_UART_Transmit(&huart2, frame, (uint16_t)n, 100);
        }
    }
}

void comm_uart_rx_cplt(UART_HandleTypeDef *huart)
{
    if (huart == &huart2)
    {
        (void)rb_put(&rx_rb, rx_byte);
        HAL_UART_Receive_IT(&huart2, &rx_byte, 1);
    }
}

void HAL_UART_RxCpltCallback(UART_HandleTypeDef *huart)
{
    comm_uart_rx_cplt(huart);
}
