import { describe, expect, it } from 'vitest';
import { type Answer, responseChecker } from './response-check';

const doc = {
  openapi: '3.1.0',
  paths: {
    '/api/genres': {
      get: {
        responses: {
          200: {
            description: 'OK',
            headers: { 'X-Total-Count': { required: true, schema: { type: 'integer' } } },
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Genre' } },
              },
            },
          },
        },
      },
    },
    '/api/genres/{id}': {
      delete: {
        responses: {
          204: { description: 'Deleted' },
          404: {
            description: 'No such genre',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Genre: {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
        required: ['id', 'name'],
        additionalProperties: false,
      },
      Error: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
    },
  },
};

const check = responseChecker(doc);
const json = { 'content-type': 'application/json; charset=utf-8' };
const list = (over: Partial<Answer>): Answer => ({
  method: 'GET',
  route: '/api/genres',
  statusCode: 200,
  headers: { ...json, 'x-total-count': '1' },
  payload: JSON.stringify([{ id: 1, name: 'زہیروک' }]),
  ...over,
});

describe('the documented-answer check', () => {
  it('accepts an answer as documented', () => {
    expect(check(list({}))).toEqual([]);
    expect(
      check({ method: 'DELETE', route: '/api/genres/:id', statusCode: 204, headers: {}, payload: '' }),
    ).toEqual([]);
  });

  it('refuses a body that differs from the schema of its status', () => {
    const [problem] = check(list({ payload: JSON.stringify([{ id: '1', name: 'Lewa' }]) }));
    expect(problem).toMatch(/GET \/api\/genres → 200: body does not match.*\/0\/id must be integer/);
    expect(check(list({ payload: JSON.stringify([{ id: 1, name: 'Lewa', extra: true }]) }))).toHaveLength(1);
  });

  it('refuses an undocumented status and a missing documented header', () => {
    expect(check(list({ statusCode: 500 }))[0]).toMatch(/status not documented/);
    expect(check(list({ headers: json }))[0]).toMatch(/X-Total-Count missing/);
  });

  it('refuses an error body that is not the documented envelope', () => {
    const answer: Answer = {
      method: 'DELETE',
      route: '/api/genres/:id',
      statusCode: 404,
      headers: json,
      payload: JSON.stringify({ message: 'gone' }),
    };
    expect(check(answer)[0]).toMatch(/must have required property 'error'/);
  });

  it('leaves routes the document hides alone', () => {
    expect(check(list({ route: '/media/*', statusCode: 206 }))).toEqual([]);
  });
});
