import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

/** The OpenAPI document of every route at /api/v2/docs/json, browsable at /api/v2/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Verification back-office API',
          description:
            'Identity and address verification in Nigeria. Amounts are NGN, TAT in hours. ' +
            'Errors are `{message}` or `{message, errors:[{field,msg}]}`.',
          version: '2.0.0',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`),
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/v2/docs', staticCSP: true });
  },
  { name: 'swagger' },
);
