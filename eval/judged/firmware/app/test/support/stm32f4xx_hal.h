/* host stub of the HAL types the pure modules' headers pull in */
#ifndef STM32F4XX_HAL_STUB_H
#define STM32F4XX_HAL_STUB_H
#include <stdint.h>
typedef struct { void *Instance; } UART_HandleTypeDef;
typedef struct { void *Instance; } I2C_HandleTypeDef;
typedef enum { HAL_OK = 0, HAL_ERROR = 1 } HAL_StatusTypeDef;
#endif
