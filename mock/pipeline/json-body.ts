// The JSON body parser: an empty body is no body (as a Laravel backend takes it),
// nesting is bounded before parsing, and the text as it arrived is kept on the
// request, where the answer cache keys on it and the journal records it.
import fp from 'fastify-plugin';
import { jsonDepth } from '../../lib/limits.js';
import { Errors } from '../errors.js';
import { DEFAULTS } from '../options.js';

export default fp<{ bodyLimit: number }>(
  async (app, { bodyLimit }) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeAllContentTypeParsers();
    app.decorateRequest('bodyText', undefined);
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
      const text = body as string;
      request.bodyText = text;
      if (text.trim() === '') return done(null, undefined);
      if (jsonDepth(text, DEFAULTS.maxBodyDepth) > DEFAULTS.maxBodyDepth)
        return done(Errors.BODY_TOO_DEEP(DEFAULTS.maxBodyDepth), undefined);
      parseJson(request, text, (err, value) => (err ? done(Errors.MALFORMED_JSON(), undefined) : done(null, value)));
    });
  },
  { name: 'mcs-json-body' },
);
