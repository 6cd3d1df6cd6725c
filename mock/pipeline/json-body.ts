// The JSON body parser: an empty body is no body (as a Laravel backend takes it),
// nesting is bounded before parsing, and the text as it arrived is kept on the
// request, where the answer cache keys on it and the journal records it.
import fp from 'fastify-plugin';
import { jsonDepth } from '../../lib/limits.js';

export default fp(
  async (app) => {
    const { bodyLimit, maxBodyDepth, errors } = app.mock.ctx;
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeAllContentTypeParsers();
    app.decorateRequest('bodyText', undefined);
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
      const text = body as string;
      request.bodyText = text;
      if (text.trim() === '') return done(null, undefined);
      if (jsonDepth(text, maxBodyDepth) > maxBodyDepth) return done(errors.BODY_TOO_DEEP(maxBodyDepth), undefined);
      parseJson(request, text, (err, value) => (err ? done(errors.MALFORMED_JSON(), undefined) : done(null, value)));
    });
  },
  { name: 'mcs-json-body', decorators: { fastify: ['mock'] }, dependencies: ['mcs-errors'] },
);
