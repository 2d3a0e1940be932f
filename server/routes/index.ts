import type { FastifyPluginAsync } from 'fastify';
import agentApplicationRoutes from './agentApplications';
import agentRoutes from './agents';
import apiKeyRoutes from './apiKeys';
import auditRoutes from './audit';
import authRoutes from './auth';
import breachRoutes from './breaches';
import sessionRoutes from './auth/sessions';
import captureRoutes from './capture';
import companyRoutes from './companies';
import dataRequestRoutes from './dataRequests';
import healthRoutes from './health';
import jobRoutes from './jobs';
import messageRoutes from './messages';
import payoutRoutes from './payouts';
import transactionRoutes from './transactions';
import walletRoutes from './wallet';
import tatRoutes from './tats';
import userRoutes from './users';
import webhookRoutes from './webhooks';

/** Every API route, mounted under /api/v2 by app.ts. One folder per area of the API. */
const routes: FastifyPluginAsync = async (app) => {
  // API answers hold personal data: no browser or proxy keeps them unless a route says otherwise.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(sessionRoutes, { prefix: '/auth' });
  await app.register(jobRoutes);
  await app.register(captureRoutes);
  await app.register(tatRoutes, { prefix: '/setting' });
  await app.register(messageRoutes);
  await app.register(companyRoutes);
  await app.register(agentApplicationRoutes);
  await app.register(agentRoutes);
  await app.register(userRoutes);
  await app.register(walletRoutes);
  await app.register(transactionRoutes);
  await app.register(payoutRoutes);
  await app.register(apiKeyRoutes);
  await app.register(webhookRoutes);
  await app.register(breachRoutes);
  await app.register(auditRoutes);
  await app.register(dataRequestRoutes);
};

export default routes;
