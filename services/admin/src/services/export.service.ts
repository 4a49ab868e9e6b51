import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { type AdminExportTable, adminExportTables } from '@projectory/contracts';
import type { NewestFirstPosition } from '@projectory/platform';
import { stringify } from 'csv-stringify';
import { DataSource } from 'typeorm';
import { escapeCsvCell } from '../domain/csv-cell.js';
import { AdminQueryRepository } from '../repositories/admin-query.repository.js';

/** Rows read per round trip while streaming: memory stays flat whatever the table's size. */
const BATCH = 500;

type Cell = string | number | boolean | null;

interface TableExport {
  columns: string[];
  /** One batch after `after` (newest first), each row as its cells and its position. */
  batch(after: NewestFirstPosition | undefined): Promise<{ cells: Cell[]; position: NewestFirstPosition }[]>;
}

const fullName = (first: string | null, last: string | null): string => [first, last].filter(Boolean).join(' ');

export const isExportTable = (table: string): table is AdminExportTable =>
  (adminExportTables as readonly string[]).includes(table);

/** `GET /api/admin/exports/:table.csv`: the admin read model's tables as CSV, streamed in keyset batches. */
@Injectable()
export class ExportService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queries: AdminQueryRepository,
  ) {}

  private tables(): Record<AdminExportTable, TableExport> {
    const db = this.dataSource;
    return {
      users: {
        columns: ['id', 'firstName', 'lastName', 'email', 'role', 'plan', 'suspended', 'hasAssessment', 'createdAt'],
        batch: async (after) =>
          (await this.queries.users(db, {}, BATCH - 1, after)).map((row) => ({
            cells: [
              row.id,
              row.first_name,
              row.last_name,
              row.email,
              row.role,
              row.plan,
              row.suspended,
              row.has_assessment,
              row.created_at.toISOString(),
            ],
            position: [row.cursor_micros, row.id],
          })),
      },
      projects: {
        columns: ['id', 'title', 'exchangeType', 'isActive', 'archived', 'employerId', 'employerName', 'createdAt'],
        batch: async (after) =>
          (await this.queries.projects(db, undefined, BATCH - 1, after)).map((row) => ({
            cells: [
              row.id,
              row.title,
              row.exchange_type,
              row.is_active,
              row.archived,
              row.employer_id,
              fullName(row.e_first_name, row.e_last_name),
              row.created_at.toISOString(),
            ],
            position: [row.cursor_micros, row.id],
          })),
      },
      matches: {
        columns: [
          'id',
          'studentId',
          'studentName',
          'projectId',
          'projectTitle',
          'employerName',
          'compatibilityScore',
          'status',
          'createdAt',
        ],
        batch: async (after) =>
          (await this.queries.matches(db, undefined, BATCH - 1, after)).map((row) => ({
            cells: [
              row.id,
              row.student_id,
              fullName(row.s_first_name, row.s_last_name),
              row.project_id,
              row.project_title,
              fullName(row.e_first_name, row.e_last_name),
              row.match_score,
              row.status,
              row.created_at.toISOString(),
            ],
            position: [row.cursor_micros, row.id],
          })),
      },
    };
  }

  /** The CSV of `table`: a header row, then every row, each text cell escaped against formulas. */
  stream(table: AdminExportTable): Readable {
    const { columns, batch } = this.tables()[table];
    async function* rows(): AsyncGenerator<Cell[]> {
      let after: NewestFirstPosition | undefined;
      for (;;) {
        // The repositories read limit + 1 rows: BATCH - 1 asks for BATCH, all of them used here.
        const page = await batch(after);
        for (const row of page) yield row.cells;
        if (page.length < BATCH) return;
        after = page.at(-1)!.position;
      }
    }
    const csv = stringify({
      header: true,
      columns,
      cast: {
        string: escapeCsvCell,
        boolean: (value: boolean) => (value ? 'true' : 'false'),
      },
    });
    const source = Readable.from(rows());
    source.on('error', (error) => csv.destroy(error));
    return source.pipe(csv);
  }
}
