import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { JwtAuthGuard } from '../auth/guards/jwt-auth.guard';
import { CurrentTenant } from '../common/decorators/current-tenant.decorator';
import { CreateProjectDto } from './dto/create-project.dto';
import { ListProjectsQuery } from './dto/list-projects.query';
import { UpdateProjectDto } from './dto/update-project.dto';
import { ProjectsService } from './projects.service';

@ApiTags('projects')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('projects')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get()
  list(@CurrentTenant() tenantId: string, @Query() query: ListProjectsQuery) {
    return this.projects.list(tenantId, query);
  }

  @Post()
  create(@CurrentTenant() tenantId: string, @Body() dto: CreateProjectDto) {
    return this.projects.create(tenantId, dto);
  }

  @Patch(':id')
  update(@CurrentTenant() tenantId: string, @Param('id', ParseUUIDPipe) id: string, @Body() dto: UpdateProjectDto) {
    return this.projects.update(tenantId, id, dto);
  }

  @Delete(':id')
  archive(@CurrentTenant() tenantId: string, @Param('id', ParseUUIDPipe) id: string) {
    return this.projects.archive(tenantId, id);
  }

  @Post(':id/export')
  export(@CurrentTenant() tenantId: string, @Param('id', ParseUUIDPipe) id: string) {
    return this.projects.requestExport(tenantId, id);
  }
}
