import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@webmail/contracts';
import { route } from './endpoint-route.js';

const endpoint = defineEndpoint({
  method: 'GET',
  path: '/answer',
  auth: 'public',
  summary: 'test',
  tags: ['test'],
  responses: { 200: z.object({ count: z.number().int() }) },
  errors: [404],
});

/** A route whose handler breaks its contract (a count that is text), with and without the answer check. */
async function answer(exactAnswer: boolean, checkAllResponses: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('checkAllResponses', checkAllResponses);
  route(app, endpoint, async () => ({ count: 'three' }) as never, { exactAnswer });
  const res = await app.inject({ method: 'GET', url: '/answer' });
  await app.close();
  return { status: res.statusCode, body: res.body };
}

describe('route answer checks', () => {
  it('an answer that breaks the contract fails, unless an exactAnswer route skips the check in production', async () => {
    expect((await answer(false, false)).status).toBe(500);
    // CHECK_ALL_RESPONSES (the tests' setting) checks exactAnswer routes too.
    expect((await answer(true, true)).status).toBe(500);
    expect(await answer(true, false)).toEqual({ status: 200, body: '{"count":"three"}' });
  });
});
