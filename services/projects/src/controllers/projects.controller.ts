import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, type PipeTransform, Query } from '@nestjs/common';
import {
  type CreateProjectInput,
  createProjectSchema,
  type ListMyProjectsQuery,
  listMyProjectsQuerySchema,
  type ListProjectsQuery,
  listProjectsQuerySchema,
  type Project,
  ProjectsErrorCode,
  type UpdateProjectInput,
  updateProjectSchema,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, Roles, zodPipe } from '@projectory/platform';
import { ProjectsException } from '../exceptions/projects.exception.js';
import { type Page, ProjectService } from '../services/project.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that cannot be a project's names nothing: 404, like a stranger's or an archived project. */
class ProjectIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID.test(value)) throw new ProjectsException(ProjectsErrorCode.ProjectNotFound);
    return value.toLowerCase();
  }
}

/** API.md "Projects": roles here, ownership in ProjectService. */
@Controller('api/projects')
export class ProjectsController {
  constructor(private readonly projects: ProjectService) {}

  @Post()
  @Roles('employer')
  create(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(createProjectSchema)) body: CreateProjectInput,
  ): Promise<Project> {
    return this.projects.create(caller, body);
  }

  /** Active projects of every employer: newest first, or best match first with `q`. */
  @Get()
  list(@Query(zodPipe(listProjectsQuerySchema)) query: ListProjectsQuery): Promise<Page<Project>> {
    return this.projects.list(query);
  }

  @Get('me')
  @Roles('employer')
  mine(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(listMyProjectsQuerySchema)) query: ListMyProjectsQuery,
  ): Promise<Page<Project>> {
    return this.projects.mine(caller, query);
  }

  @Get(':id')
  one(@Caller() caller: AuthenticatedIdentity, @Param('id', new ProjectIdPipe()) id: string): Promise<Project> {
    return this.projects.get(caller, id);
  }

  @Patch(':id')
  update(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', new ProjectIdPipe()) id: string,
    @Body(zodPipe(updateProjectSchema)) body: UpdateProjectInput,
  ): Promise<Project> {
    return this.projects.update(caller, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async archive(@Caller() caller: AuthenticatedIdentity, @Param('id', new ProjectIdPipe()) id: string): Promise<void> {
    await this.projects.archive(caller, id);
  }
}
