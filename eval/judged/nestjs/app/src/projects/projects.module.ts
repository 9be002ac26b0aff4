import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { ProjectsController } from './projects.controller';
import { ProjectsService } from './projects.service';

@Module({
  imports: [BullModule.registerQueue({ name: 'exports' })],
  controllers: [ProjectsController],
  providers: [ProjectsService],
})
export class ProjectsModule {}
