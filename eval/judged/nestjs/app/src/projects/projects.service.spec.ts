import { getQueueToken } from '@nestjs/bullmq';
import { NotFoundException } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { PrismaService } from '../prisma/prisma.service';
import { ProjectsService } from './projects.service';

describe('ProjectsService', () => {
  let service: ProjectsService;
  const prisma = { project: { findFirst: jest.fn(), update: jest.fn(), findMany: jest.fn(), create: jest.fn() } };
  const queue = { add: jest.fn().mockResolvedValue({ id: '42' }) };

  beforeEach(async () => {
    const moduleRef = await Test.createTestingModule({
      providers: [ProjectsService, { provide: PrismaService, useValue: prisma }, { provide: getQueueToken('exports'), useValue: queue }],
    }).compile();
    service = moduleRef.get(ProjectsService);
  });

  it('refuses to archive a project of another tenant', async () => {
    prisma.project.findFirst.mockResolvedValue(null);
    await expect(service.archive('t1', 'p1')).rejects.toBeInstanceOf(NotFoundException);
  });

  it('enqueues an export job', async () => {
    prisma.project.findFirst.mockResolvedValue({ id: 'p1' });
    await expect(service.requestExport('t1', 'p1')).resolves.toEqual({ jobId: '42' });
  });
});
