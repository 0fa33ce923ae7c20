import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * The old client sends `Content-Type: application/json` on every call, also on the PUTs and
 * DELETEs that carry no body (SPEC §7 `order-success`, `order-successfull/{id}`,
 * `order-buy-success/{id}`, `delete-account`). Fastify refuses an empty JSON body outright; here it
 * means "no body", and a route that needs one then names its missing fields.
 */
export function registerBodyParsing(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  // A route with a body schema that got no body at all validates `{}`: "cartProductId is required"
  // says more than "expected object". An explicit JSON null, array or string is still refused.
  // Attached only to routes with a body schema: the many GETs run no hook for it.
  app.addHook('onRoute', (route) => {
    if (!route.schema?.body) return;
    const own = route.preValidation;
    route.preValidation = [emptyBodyAsObject, ...(own ? (Array.isArray(own) ? own : [own]) : [])];
  });
}

function emptyBodyAsObject(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  if (request.body === undefined) request.body = {};
  done();
}
