#include "log.h"
#include <stdarg.h>
#include <stdio.h>
#include "cmsis_os.h"

static UART_HandleTypeDef *log_uart;
static osMutexId_t log_mutex;

void log_init(UART_HandleTypeDef *huart)
{
    log_uart = huart;
    log_mutex = osMutexNew(NULL);
}

void log_printf(char level, const char *fmt, ...)
{
    char line[128];
    int n = snprintf(line, sizeof(line), "[%c %lu] ", level, (unsigned long)HAL_GetTick());
    va_list ap;
    va_start(ap, fmt);
    n += vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
    va_end(ap);
    if (osMutexAcquire(log_mutex, 10) == osOK)
    {
        HAL_UART_Transmit(log_uart, (uint8_t *)line, (uint16_t)n, 50);
        osMutexRelease(log_mutex);
    }
}
