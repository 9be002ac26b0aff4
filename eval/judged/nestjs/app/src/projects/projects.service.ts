import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, NotFoundException } from '@nestjs/common';
import { Queue } from 'bullmq';
import { PrismaService } from '../prisma/prisma.service';
import { CreateProjectDto } from './dto/create-project.dto';
import { ListProjectsQuery } from './dto/list-projects.query';
import { UpdateProjectDto } from './dto/update-project.dto';

@Injectable()
export class ProjectsService {
  constructor(private readonly prisma: PrismaService, @InjectQueue('exports') private readonly exportsQueue: Queue) {}

  list(tenantId: string, { skip = 0, take = 20 }: ListProjectsQuery) {
    return this.prisma.project.findMany({ where: { tenantId, archived: false }, skip, take, orderBy: { createdAt: 'desc' } });
  }

  create(tenantId: string, dto: CreateProjectDto) {
    return this.prisma.project.create({ data: { ...dto, tenantId } });
  }

  async update(tenantId: string, id: string, dto: UpdateProjectDto) {
    await this.ensureOwned(tenantId, id);
    return this.prisma.project.update({ where: { id }, data: dto });
  }

  async archive(tenantId: string, id: string) {
    await this.ensureOwned(tenantId, id);
    return this.prisma.project.update({ where: { id }, data: { archived: true } });
  }

  async requestExport(tenantId: string, id: string) {
    await this.ensureOwned(tenantId, id);
    const job = await this.exportsQueue.add('project-export', { tenantId, projectId: id }, { attempts: 3, backoff: { type: 'exponential', delay: 5000 } });
    return { jobId: job.id };
  }

  private async ensureOwned(tenantId: string, id: string) {
    const found = await this.prisma.project.findFirst({ where: { id, tenantId }, select: { id: true } });
    if (!found) throw new NotFoundException('Project not found');
  }
}
