#include "sensor_task.h"
#include "cmsis_os.h"
#include "bme280.h"
#include "log.h"

extern osMessageQueueId_t sampleQueueHandle;
extern I2C_HandleTypeDef hi2c1;

#define SAMPLE_PERIOD_MS 1000U

void StartSensorTask(void *argument)
{
    (void)argument;
    bme280_t dev;
    if (bme280_init(&dev, &hi2c1, BME280_ADDR_PRIMARY) != 0)
    {
        LOG_ERROR("bme280 init failed");
        osThreadSuspend(osThreadGetId());
    }
    uint32_t next = osKernelGetTickCount();
    for (;;)
    {
        sensor_sample_t s = {.tick_ms = next};
        if (bme280_read(&dev, &s.temperature_cdeg, &s.pressure_pa, &s.humidity_mpct) == 0)
        {
            if (osMessageQueuePut(sampleQueueHandle, &s, 0U, 0U) != osOK)
            {
                LOG_WARN("sample queue full, dropping");
            }
        }
        next += SAMPLE_PERIOD_MS;
        osDelayUntil(next);
    }
}
