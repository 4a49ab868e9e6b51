import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
  StreamableFile,
} from '@nestjs/common';
import {
  type Collection,
  type CreatePortfolioItemInput,
  createPortfolioItemSchema,
  type ListPortfolioQuery,
  listPortfolioQuerySchema,
  type PortfolioItem,
  type PortfolioReviewItem,
  type UpdatePortfolioItemInput,
  updatePortfolioItemSchema,
  type VerifyPortfolioItemInput,
  verifyPortfolioItemSchema,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, Roles, zodPipe } from '@projectory/platform';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../domain/portfolio-rules.js';
import { portfolioItemId } from '../dtos/portfolio.dto.js';
import { PortfolioItemService } from '../services/portfolio-item.service.js';
import { PortfolioReviewService } from '../services/portfolio-review.service.js';

/** API.md "Portfolio and files": students' items, their files, and their review by employers and admins. */
@Controller('api/portfolios')
export class PortfolioController {
  constructor(
    private readonly items: PortfolioItemService,
    private readonly reviews: PortfolioReviewService,
  ) {}

  /** The caller's items, newest first. */
  @Get('me')
  listMine(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(listPortfolioQuerySchema)) query: ListPortfolioQuery,
  ): Promise<Collection<PortfolioItem>> {
    return this.items.listMine(caller.userId, query);
  }

  /** Items waiting for the caller to review, longest waiting first. */
  @Get('reviews/pending')
  @Roles('employer', 'admin')
  waiting(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(listPortfolioQuerySchema)) query: ListPortfolioQuery,
  ): Promise<Collection<PortfolioReviewItem>> {
    return this.reviews.waiting(caller, query);
  }

  @Post()
  @Roles('student')
  create(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(createPortfolioItemSchema)) body: CreatePortfolioItemInput,
  ): Promise<PortfolioItem> {
    return this.items.create(caller.userId, body);
  }

  @Patch(':id')
  update(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', portfolioItemId) id: string,
    @Body(zodPipe(updatePortfolioItemSchema)) body: UpdatePortfolioItemInput,
  ): Promise<PortfolioItem> {
    return this.items.update(caller.userId, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Caller() caller: AuthenticatedIdentity, @Param('id', portfolioItemId) id: string): Promise<void> {
    await this.items.remove(caller.userId, id);
  }

  /**
   * The stored bytes, streamed. The type is the one checked from the bytes at upload; the sandbox
   * policy and nosniff keep a hostile file from running as a page of this origin.
   */
  @Get(':id/file')
  async file(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', portfolioItemId) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { item, file } = await this.reviews.openFile(caller, id);
    void reply.headers({
      'content-type': item.file_type,
      'content-length': String(file.size),
      'content-disposition': contentDisposition(item.file_name, item.file_type),
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'cache-control': 'private, no-store',
    });
    return new StreamableFile(file.body);
  }

  @Patch(':id/verification')
  @Roles('employer', 'admin')
  review(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', portfolioItemId) id: string,
    @Body(zodPipe(verifyPortfolioItemSchema)) body: VerifyPortfolioItemInput,
  ): Promise<PortfolioItem> {
    return this.reviews.review(caller, id, body);
  }
}
