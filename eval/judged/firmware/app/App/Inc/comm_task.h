#ifndef COMM_TASK_H
#define COMM_TASK_H
#include "stm32f4xx_hal.h"
void StartCommTask(void *argument);
void comm_uart_rx_cplt(UART_HandleTypeDef *huart);
#endif
