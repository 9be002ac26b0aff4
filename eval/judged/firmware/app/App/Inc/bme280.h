#ifndef BME280_H
#define BME280_H
#include <stdint.h>
#include "stm32f4xx_hal.h"
#define BME280_ADDR_PRIMARY (0x76 << 1)
typedef struct
{
    I2C_HandleTypeDef *hi2c;
    uint16_t addr;
    uint16_t dig_T1;
    int16_t dig_T2, dig_T3;
    int32_t t_fine;
} bme280_t;
int bme280_init(bme280_t *dev, I2C_HandleTypeDef *hi2c, uint16_t addr);
int bme280_read(bme280_t *dev, int32_t *temp_cdeg, uint32_t *press_pa, uint32_t *hum_mpct);
#endif
