import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { PrismaService } from '../prisma/prisma.service';

@Processor('exports')
export class ExportsProcessor extends WorkerHost {
  private readonly logger = new Logger(ExportsProcessor.name);

  constructor(private readonly prisma: PrismaService) {
    super();
  }

  async process(job: Job<{ tenantId: string; projectId: string }>) {
    const project = await this.prisma.project.findFirst({ where: { id: job.data.projectId, tenantId: job.data.tenantId } });
    this.logger.log(`Exporting project ${project?.id} for tenant ${job.data.tenantId}`);
    return { rows: 1 };
  }
}
