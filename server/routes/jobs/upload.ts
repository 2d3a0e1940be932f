import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { UploadCreated, UploadErrors, UploadJobsBody } from '../../schemas/jobs';
import { errorResponses } from '../../schemas/common';
import { analyzeSql } from '../../db/autoAnalyze';
import { whenOthersDone } from '../../db/pgliteWorker';
import { importJobs, sweepImports } from '../../services/jobCreation';
import { bulkFileLimits, bulkFileOf, readBulkFile } from './bulkFile';
import { registerMultipart } from './multipart';
import { ownerCompanyOf } from './owner';

const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await registerMultipart(app, bulkFileLimits);
  const { jobs, tats, ledger } = app.repos;
  const creation = { jobs, tats, ledger, queue: app.queue };

  app.post(
    '/job/upload',
    {
      config: { access: 'jobs.create', idempotent: true, apiKey: true, audit: 'job.upload' },
      schema: {
        tags: ['jobs'],
        summary: 'Create jobs in bulk from a CSV or XLSX file: all rows or none',
        description:
          'Every row is validated first; any bad row answers 400 `{message, errors:[{row, field, msg}]}` ' +
          '(row 1 = the first data row) and nothing is written. Otherwise all rows are created, all or ' +
          'none: 201 `{created}`, the owner charged for the whole file at once (no Company price ' +
          "for a row's state: 400; a wallet short of the total: 402, and nothing is created). Accepts " +
          'an `Idempotency-Key` header.',
        consumes: ['multipart/form-data'],
        body: UploadJobsBody,
        response: {
          201: UploadCreated,
          400: UploadErrors,
          ...errorResponses(402, 409, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const { type, company_id } = request.body;
      const file = bulkFileOf(request.body.file);
      const companyId = await ownerCompanyOf(app, request, company_id);
      const rows = await readBulkFile(app, reply, type, file);
      const actorId = request.account.id;
      const orders = rows.map((r) => ({
        type,
        company_id: companyId,
        created_by: actorId,
        state: r.state,
        lga: r.lga,
        subject_name: r.subjectName,
        fields: r.fields,
      }));
      const created = await importJobs(creation, app.db, orders, actorId, { file: file.filename });
      if (app.db.kind === 'pglite' && created >= 1000) void vacuumAfterImport(app);
      return reply.code(201).send({ created });
    },
  );

  // PGlite: one process owns the data, so an import still staging at start was cut short by a
  // process that died. Its jobs are no one's; they are deleted in the background. Listed before
  // the server listens, so that no import of this process is among them. A failure only leaves
  // them (invisible, uncounted, uncharged) to the next start: it never stops this one.
  if (app.db.kind === 'pglite') {
    app.addHook('onReady', async () => {
      const left = await jobs.stagingImports().catch((err: unknown) => {
        app.log.warn({ err }, 'listing unfinished bulk imports failed');
        return [];
      });
      if (!left.length) return;
      sweepImports(jobs, left).then(
        () => app.log.info({ imports: left.length }, 'swept unfinished bulk imports'),
        (err: unknown) => app.log.warn({ err }, 'sweeping unfinished bulk imports failed'),
      );
    });
  }
};

/**
 * PGlite has no autovacuum: after a large import, refresh the planner's statistics and the
 * visibility map (index-only counts) in the background, one short statement at a time with other
 * requests' statements let in between: as one `VACUUM (ANALYZE)` it held the one connection about
 * 1 s at 110,000 jobs, every other request waiting, and the upload's own answer behind it.
 * PostgreSQL's autovacuum does all this itself.
 */
const importedTables = ['jobs', 'job_events'];
const afterImport = [
  ...importedTables.map((table) => `VACUUM ${table}`),
  ...importedTables.map((table) => analyzeSql(table)),
];

async function vacuumAfterImport(app: FastifyInstance) {
  try {
    for (const sql of afterImport) {
      await whenOthersDone(app.db, 50);
      await app.db.exec(sql);
    }
  } catch (err) {
    app.log.warn({ err }, 'vacuum after import failed');
  }
}

export default uploadRoutes;
