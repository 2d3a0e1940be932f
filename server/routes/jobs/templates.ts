import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { jobFieldDefs } from '../../../reference/jobKinds';
import { TemplateParams } from '../../schemas/jobs';
import { csvLine } from '../../services/csv';

const templateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/job/upload/template/:type',
    {
      config: { access: 'public' },
      schema: {
        tags: ['jobs'],
        summary: 'CSV template of a kind for bulk upload: the header row and one example row',
        params: TemplateParams,
        produces: ['text/csv'],
        response: { 200: Type.String() },
      },
    },
    async (request, reply) => {
      const defs = jobFieldDefs[request.params.type];
      const csv = csvLine(defs.map((d) => d.name)) + csvLine(defs.map((d) => d.example));
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600') // the same for everyone until a deploy
        .header(
          'Content-Disposition',
          `attachment; filename="${request.params.type}-jobs-template.csv"`,
        )
        .send(csv);
    },
  );
};

export default templateRoutes;
