  .syntax unified
  .cpu cortex-m4
  .fpu softvfp
  .thumb
.global g_pfnVectors
.global Default_Handler
  .section .text.Reset_Handler
  .weak Reset_Handler
  .type Reset_Handler, %function
Reset_Handler:
  ldr sp, =_estack
  bl SystemInit
  bl __libc_init_array
  bl main
  bx lr
