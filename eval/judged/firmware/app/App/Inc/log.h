#ifndef LOG_H
#define LOG_H
#include "stm32f4xx_hal.h"
void log_init(UART_HandleTypeDef *huart);
void log_printf(char level, const char *fmt, ...);
#define LOG_INFO(...) log_printf('I', __VA_ARGS__)
#define LOG_WARN(...) log_printf('W', __VA_ARGS__)
#define LOG_ERROR(...) log_printf('E', __VA_ARGS__)
#endif
