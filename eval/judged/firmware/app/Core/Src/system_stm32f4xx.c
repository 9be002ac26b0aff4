#include "stm32f4xx.h"
uint32_t SystemCoreClock = 16000000;
const uint8_t AHBPrescTable[16] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 6, 7, 8, 9};
void SystemInit(void)
{
    SCB->CPACR |= ((3UL << 10 * 2) | (3UL << 11 * 2)); /* FPU full access */
}
