// A TLS failure named as such, with what to do: a fetch that fails on the
// server's certificate says only "fetch failed", its cause a line of OpenSSL's
// ("unable to verify the first certificate"), which reads like a network
// fault. The mock's --https serves a certificate from an authority of its own
// (.mcs-mock/ca.pem unless --cert-dir), which Node trusts only when told:
// NODE_EXTRA_CA_CERTS, read once at Node's start.

/** The mock's authority under --https, relative to where it was started (cli/network/certificate.ts makes it). */
export const MOCK_CA_FILE = '.mcs-mock/ca.pem';

const TRUST = `if it is this project's mock (--https), trust its authority: NODE_EXTRA_CA_CERTS=${MOCK_CA_FILE} before the command (ca.pem of its --cert-dir if it was given one; Node reads the variable at its start)`;

/** OpenSSL's and Node's certificate codes: what they mean, and what to do about it. */
export const TLS_CODES: Readonly<Record<string, { cause: string; fix: string }>> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: {
    cause: 'its certificate is signed by an authority Node does not know',
    fix: TRUST,
  },
  UNABLE_TO_GET_ISSUER_CERT: { cause: 'the authority that signed its certificate is unknown', fix: TRUST },
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: { cause: 'the authority that signed its certificate is unknown', fix: TRUST },
  SELF_SIGNED_CERT_IN_CHAIN: { cause: 'its certificate chain ends in an authority Node does not trust', fix: TRUST },
  DEPTH_ZERO_SELF_SIGNED_CERT: { cause: 'its certificate is self-signed', fix: TRUST },
  CERT_UNTRUSTED: { cause: 'its certificate is not trusted', fix: TRUST },
  CERT_SIGNATURE_FAILURE: { cause: 'its certificate’s signature does not verify', fix: TRUST },
  CERT_HAS_EXPIRED: {
    cause: 'its certificate has expired',
    fix: 'restarting the mock with --https makes it a new one; another server must renew its own',
  },
  CERT_NOT_YET_VALID: {
    cause: 'its certificate is not valid yet',
    fix: 'check the clocks of both machines',
  },
  ERR_TLS_CERT_ALTNAME_INVALID: {
    cause: 'its certificate does not name the host of the base URL',
    fix: 'use a host it names: the mock’s (--https) names localhost, 127.0.0.1 and the addresses its banner prints',
  },
};

type WithCause = { code?: unknown; message?: unknown; cause?: unknown };

/** The error's cause chain, the error first (fetch's TypeError, then undici's, then OpenSSL's). */
function chain(err: unknown): WithCause[] {
  const out: WithCause[] = [];
  for (let e = err; e !== null && typeof e === 'object' && out.length < 5; e = (e as WithCause).cause)
    out.push(e as WithCause);
  return out;
}

/**
 * A TLS failure of a fetch, in words that name it, its cause and what to do;
 * undefined when the error is not one. A protocol failure (plain http on an
 * https port, or the reverse) is a TLS failure without a certificate.
 */
export function tlsFailure(err: unknown): string | undefined {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    const said = typeof e.message === 'string' ? e.message : code;
    const known = TLS_CODES[code];
    if (known) return `TLS: the server's certificate was refused (${code}: ${said}): ${known.cause}; ${known.fix}`;
    if (/^ERR_(SSL|TLS)_/.test(code) || (code === 'EPROTO' && /SSL|TLS/i.test(said)))
      return `TLS: the TLS handshake failed (${code}: ${said}): is the base URL's scheme (http:// or https://) the server's?`;
  }
  return undefined;
}
