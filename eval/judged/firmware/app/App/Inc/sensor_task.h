#ifndef SENSOR_TASK_H
#define SENSOR_TASK_H
#include <stdint.h>
typedef struct __attribute__((packed))
{
    uint32_t tick_ms;
    int32_t temperature_cdeg;
    uint32_t pressure_pa;
    uint32_t humidity_mpct;
} sensor_sample_t;

void StartSensorTask(void *argument);
#endif
