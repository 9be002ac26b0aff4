#ifndef __STM32F4xx_IT_H
#define __STM32F4xx_IT_H
void NMI_Handler(void);
void HardFault_Handler(void);
void USART2_IRQHandler(void);
void I2C1_EV_IRQHandler(void);
void TIM1_UP_TIM10_IRQHandler(void);
#endif
