import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { ExportsProcessor } from './exports.processor';

@Module({
  imports: [BullModule.registerQueue({ name: 'exports' })],
  providers: [ExportsProcessor],
})
export class JobsModule {}
