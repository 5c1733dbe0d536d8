import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { responseChecker } from '../openapi/response-check';

const DRIFT_HEADER = 'x-test-openapi-drift';

/**
 * Makes every answer of `app` prove the OpenAPI document true: an answer whose status, body or
 * headers differ from what the document says for its operation makes `app.inject` reject with the
 * difference, so the API test that received it fails. Call before `app.ready()`.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  let check: ReturnType<typeof responseChecker> | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api')) return payload;
    check ??= responseChecker(app.swagger());
    const problems = check({
      method: request.method,
      route,
      statusCode: reply.statusCode,
      headers: reply.getHeaders(),
      payload: Buffer.isBuffer(payload)
        ? payload.toString('utf8')
        : typeof payload === 'string'
          ? payload
          : undefined,
    });
    if (problems.length > 0) reply.header(DRIFT_HEADER, encodeURIComponent(problems.join('\n')));
    return payload;
  });

  const inject = app.inject.bind(app) as (opts: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checked = async (opts: InjectOptions | string) => {
    const res = await inject(opts);
    const drift = res.headers[DRIFT_HEADER];
    if (typeof drift === 'string') {
      throw new Error(`the answer differs from the OpenAPI document:\n${decodeURIComponent(drift)}`);
    }
    return res;
  };
  Object.assign(app, { inject: checked });
}
