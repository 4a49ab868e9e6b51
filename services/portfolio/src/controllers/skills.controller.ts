import { Controller, Get, Query } from '@nestjs/common';
import type { Collection, Skill } from '@projectory/contracts';
import { zodPipe } from '@projectory/platform';
import { type SearchSkillsQuery, searchSkillsQuery } from '../dtos/skills.dto.js';
import { SkillCatalogService } from '../services/skill-catalog.service.js';

/** The skill catalog for the picker (API.md "Skills"); signed-in users only. */
@Controller('api/skills')
export class SkillsController {
  constructor(private readonly catalog: SkillCatalogService) {}

  /**
   * Without `q` the catalog alphabetically; with it, best matches first: exact name or alias, name
   * prefix, word prefix, substring, near spelling.
   */
  @Get()
  search(@Query(zodPipe(searchSkillsQuery)) query: SearchSkillsQuery): Promise<Collection<Skill>> {
    return this.catalog.search(query);
  }
}
