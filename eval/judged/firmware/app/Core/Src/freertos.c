/* USER CODE BEGIN Header */
/* freertos.c: task and queue creation (CubeMX, CMSIS-RTOS v2) */
/* USER CODE END Header */
#include "FreeRTOS.h"
#include "task.h"
#include "cmsis_os.h"
#include "sensor_task.h"
#include "comm_task.h"

osMessageQueueId_t sampleQueueHandle;
osThreadId_t sensorTaskHandle;
osThreadId_t commTaskHandle;

const osThreadAttr_t sensorTask_attributes = {
    .name = "sensorTask", .stack_size = 512 * 4, .priority = (osPriority_t)osPriorityAboveNormal};
const osThreadAttr_t commTask_attributes = {
    .name = "commTask", .stack_size = 512 * 4, .priority = (osPriority_t)osPriorityNormal};

void MX_FREERTOS_Init(void)
{
    sampleQueueHandle = osMessageQueueNew(16, sizeof(sensor_sample_t), NULL);
    sensorTaskHandle = osThreadNew(StartSensorTask, NULL, &sensorTask_attributes);
    commTaskHandle = osThreadNew(StartCommTask, NULL, &commTask_attributes);
}

void vApplicationStackOverflowHook(TaskHandle_t xTask, char *pcTaskName)
{
    (void)xTask;
    (void)pcTaskName;
    configASSERT(0);
}
