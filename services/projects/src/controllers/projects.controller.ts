import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  type Collection,
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
import { type AuthenticatedIdentity, Caller, Roles, UuidParamPipe, zodPipe } from '@projectory/platform';
import { ProjectsException } from '../exceptions/projects.exception.js';
import { ProjectService } from '../services/project.service.js';

/** A path id that cannot be a project's names nothing: 404, like a stranger's or an archived project. */
const projectId = new UuidParamPipe(() => new ProjectsException(ProjectsErrorCode.ProjectNotFound));

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
  list(@Query(zodPipe(listProjectsQuerySchema)) query: ListProjectsQuery): Promise<Collection<Project>> {
    return this.projects.list(query);
  }

  @Get('me')
  @Roles('employer')
  mine(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(listMyProjectsQuerySchema)) query: ListMyProjectsQuery,
  ): Promise<Collection<Project>> {
    return this.projects.mine(caller, query);
  }

  @Get(':id')
  one(@Caller() caller: AuthenticatedIdentity, @Param('id', projectId) id: string): Promise<Project> {
    return this.projects.get(caller, id);
  }

  @Patch(':id')
  update(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', projectId) id: string,
    @Body(zodPipe(updateProjectSchema)) body: UpdateProjectInput,
  ): Promise<Project> {
    return this.projects.update(caller, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async archive(@Caller() caller: AuthenticatedIdentity, @Param('id', projectId) id: string): Promise<void> {
    await this.projects.archive(caller, id);
  }
}
