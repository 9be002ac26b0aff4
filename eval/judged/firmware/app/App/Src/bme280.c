#include "bme280.h"

#define REG_ID 0xD0
#define REG_CTRL_MEAS 0xF4
#define REG_DATA 0xF7

static int reg_read(bme280_t *dev, uint8_t reg, uint8_t *buf, uint16_t len)
{
    return HAL_I2C_Mem_Read(dev->hi2c, dev->addr, reg, I2C_MEMADD_SIZE_8BIT, buf, len, 50) == HAL_OK ? 0 : -1;
}

int bme280_init(bme280_t *dev, I2C_HandleTypeDef *hi2c, uint16_t addr)
{
    uint8_t id = 0;
    dev->hi2c = hi2c;
    dev->addr = addr;
    if (reg_read(dev, REG_ID, &id, 1) != 0 || id != 0x60)
    {
        return -1;
    }
    uint8_t ctrl = 0x27; /* osrs_t x1, osrs_p x1, normal mode */
    return HAL_I2C_Mem_Write(hi2c, addr, REG_CTRL_MEAS, I2C_MEMADD_SIZE_8BIT, &ctrl, 1, 50) == HAL_OK ? 0 : -1;
}

int bme280_read(bme280_t *dev, int32_t *temp_cdeg, uint32_t *press_pa, uint32_t *hum_mpct)
{
    uint8_t raw[8];
    if (reg_read(dev, REG_DATA, raw, sizeof(raw)) != 0)
    {
        return -1;
    }
    int32_t adc_T = (int32_t)((raw[3] << 12) | (raw[4] << 4) | (raw[5] >> 4));
    int32_t var1 = ((((adc_T >> 3) - ((int32_t)dev->dig_T1 << 1))) * dev->dig_T2) >> 11;
    dev->t_fine = var1;
    *temp_cdeg = (dev->t_fine * 5 + 128) >> 8;
    *press_pa = (uint32_t)((raw[0] << 12) | (raw[1] << 4) | (raw[2] >> 4));
    *hum_mpct = (uint32_t)((raw[6] << 8) | raw[7]);
    return 0;
}
