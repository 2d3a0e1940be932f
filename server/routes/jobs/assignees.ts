import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { forbidden } from '../../errors';
import { Assignee, AssigneeTypeParams } from '../../schemas/jobs';
import type { AssigneeRow } from '../../repositories/jobsAssignees';
import { iso } from '../../services/jobAccess';

const view = (r: AssigneeRow) => ({ ...r, created_time: iso(r.created_time) });

const assigneeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { jobsAssignees } = app.repos;

  app.get(
    '/job/fetch-assignees/:type',
    {
      config: { access: 'jobs.assign' },
      schema: {
        tags: ['jobs'],
        summary:
          'Who jobs can be assigned to: active partner companies (except your own) or agents (super-admins only)',
        params: AssigneeTypeParams,
        response: { 200: Type.Array(Assignee) },
      },
    },
    async (request) => {
      if (request.params.type === 'agent') {
        if (!app.allows(request, 'jobs.assign_to_agent')) {
          throw forbidden('Only a super-admin may assign jobs to agents');
        }
        return (await jobsAssignees.agents()).map(view);
      }
      return (await jobsAssignees.companies(request.account.company_id)).map(view);
    },
  );
};

export default assigneeRoutes;
