// The rows of staging-defects.test.ts and staging-deviations.test.ts the suite
// does not hold yet, each with the item of issue 39 it waits for and what the
// suite does today. Delete a line when its item lands: the row then asserts.
export const TODO: Record<string, string> = {
  'all-defects:awning-dimensions-strings:writes':
    "issue 39: disposable sessions and masking (the run's token is logged out by negative:logout:no-platform; the sequences also stop on client/list's created_at schema error)",
  'all-defects:boolean-after-update:writes':
    "issue 39: disposable sessions and masking (the run's token is logged out by negative:logout:no-platform; the sequences also stop on client/list's created_at schema error)",
  'all-defects:company-leak:fuzz':
    "issue 39: company detection (the profile nests company: {id, name}; meaning:listCompanyClients:members is skipped, 'the profile names no company')",
  'all-defects:company-leak:rate-limit':
    "issue 39: company detection (the profile nests company: {id, name}; meaning:listCompanyClients:members is skipped, 'the profile names no company')",
  'all-defects:company-leak:read-only':
    "issue 39: company detection (the profile nests company: {id, name}; meaning:listCompanyClients:members is skipped, 'the profile names no company')",
  'all-defects:company-leak:writes':
    "issue 39: company detection (the profile nests company: {id, name}; meaning:listCompanyClients:members is skipped, 'the profile names no company')",
  'all-defects:delete-keeps-client:writes':
    "issue 39: disposable sessions and masking (the run's token is logged out by negative:logout:no-platform; the sequences also stop on client/list's created_at schema error)",
  'all-defects:keyword-like-500:fuzz':
    'issue 39: fuzz boundary phase (fuzz 30 seed 1 never sends % in keyword, so the 500 is not met)',
  'all-defects:update-wrong-message:writes':
    "issue 39: disposable sessions and masking (the run's token is logged out by negative:logout:no-platform; the sequences also stop on client/list's created_at schema error)",
  'defect:awning-dimensions-strings:writes':
    "issue 39: disposable sessions (negative:logout:no-platform logs the run's own token out when platform is ignored; every later write answers 401)",
  'defect:boolean-after-update:writes':
    "issue 39: disposable sessions (negative:logout:no-platform logs the run's own token out when platform is ignored; every later write answers 401)",
  'defect:company-leak:fuzz':
    "issue 39: company detection (the profile nests company: {id, name}; meaning:listCompanyClients:members is skipped, 'the profile names no company')",
  'defect:company-leak:rate-limit':
    "issue 39: company detection (the profile nests company: {id, name}; meaning:listCompanyClients:members is skipped, 'the profile names no company')",
  'defect:company-leak:read-only':
    "issue 39: company detection (the profile nests company: {id, name}; meaning:listCompanyClients:members is skipped, 'the profile names no company')",
  'defect:company-leak:writes':
    "issue 39: company detection (the profile nests company: {id, name}; meaning:listCompanyClients:members is skipped, 'the profile names no company')",
  'defect:delete-keeps-client:writes':
    "issue 39: disposable sessions (negative:logout:no-platform logs the run's own token out when platform is ignored; every later write answers 401)",
  'defect:keyword-like-500:fuzz':
    'issue 39: fuzz boundary phase (fuzz 30 seed 1 never sends % in keyword, so the 500 is not met)',
  'defect:update-wrong-message:writes':
    "issue 39: disposable sessions (negative:logout:no-platform logs the run's own token out when platform is ignored; every later write answers 401)",
  'deviation-harmless:company-other-empty:fuzz':
    'issue 39: false alarms (fuzz sends ?page=0 with {"page":1} in the body and judges the 200 \'answered 200, expected 4xx\'; PageQuery says the body wins)',
  'deviation-harmless:laravel-error-bodies:fuzz':
    "issue 39: severity and the ledger (a 404 {message} without status fails as an error, 'getRoomMeasurements 404 /status: must have required property', though NotFound is x-assumed and section 7 gives {message, status} only for 401/403/429)",
  'deviation-harmless:laravel-error-bodies:rate-limit':
    "issue 39: severity and the ledger (a 404 {message} without status fails as an error, 'getRoomMeasurements 404 /status: must have required property', though NotFound is x-assumed and section 7 gives {message, status} only for 401/403/429)",
  'deviation-harmless:laravel-error-bodies:read-only':
    "issue 39: severity and the ledger (a 404 {message} without status fails as an error, 'getRoomMeasurements 404 /status: must have required property', though NotFound is x-assumed and section 7 gives {message, status} only for 401/403/429)",
  'deviation-harmless:laravel-error-bodies:writes':
    "issue 39: severity and the ledger (a 404 {message} without status fails as an error, 'getRoomMeasurements 404 /status: must have required property', though NotFound is x-assumed and section 7 gives {message, status} only for 401/403/429)",
  'deviation-harmless:limit-uncapped:fuzz':
    "issue 39: severity (fuzz 'limit: 101 (above its maximum 100)' answered 200 fails as an error, though the maximum of limit is x-assumed)",
  'deviation-harmless:platform-ignored:fuzz':
    "issue 39: severity (negative:*:no-platform and fuzz:*:invalid without the header fail with 'answered 200, expected 4xx' although the 400 is assumed)",
  'deviation-harmless:platform-ignored:rate-limit':
    "issue 39: severity (a missing platform header answered 200 fails as an error, 'answered 200, expected 4xx', though the 400 is the assumed BadRequest)",
  'deviation-harmless:platform-ignored:read-only':
    "issue 39: severity (a missing platform header answered 200 fails as an error, 'answered 200, expected 4xx', though the 400 is the assumed BadRequest)",
  'deviation-harmless:platform-ignored:writes':
    "issue 39: severity, and disposable sessions (besides 'answered 200, expected 4xx', negative:logout:no-platform ends the run's session: every write answers 401)",
  'deviation-harmless:updated-at-bumped:writes':
    "issue 39: false alarms ('writing client 125 back changed updated_at': an undocumented field is compared)",
  'deviation-ledger:company-other-empty:fuzz':
    "issue 39: assumption probes (client/user_client is never asked for another company's name)",
  'deviation-ledger:company-other-empty:rate-limit':
    "issue 39: assumption probes (client/user_client is never asked for another company's name)",
  'deviation-ledger:company-other-empty:read-only':
    "issue 39: assumption probes (client/user_client is never asked for another company's name)",
  'deviation-ledger:company-other-empty:writes':
    "issue 39: assumption probes (client/user_client is never asked for another company's name)",
  'deviation-ledger:limit-uncapped:fuzz':
    "issue 39: assumption probes (no limit above 100 is sent outside fuzz, and fuzz's 200 is filed as an error, not against the assumption)",
  'deviation-ledger:limit-uncapped:rate-limit':
    "issue 39: assumption probes (no limit above 100 is sent outside fuzz, and fuzz's 200 is filed as an error, not against the assumption)",
  'deviation-ledger:limit-uncapped:read-only':
    "issue 39: assumption probes (no limit above 100 is sent outside fuzz, and fuzz's 200 is filed as an error, not against the assumption)",
  'deviation-ledger:limit-uncapped:writes':
    "issue 39: assumption probes (no limit above 100 is sent outside fuzz, and fuzz's 200 is filed as an error, not against the assumption)",
  'deviation-ledger:oldest-first:fuzz': 'issue 39: assumption probes (the order of client/list is never checked)',
  'deviation-ledger:oldest-first:rate-limit': 'issue 39: assumption probes (the order of client/list is never checked)',
  'deviation-ledger:oldest-first:read-only': 'issue 39: assumption probes (the order of client/list is never checked)',
  'deviation-ledger:oldest-first:writes': 'issue 39: assumption probes (the order of client/list is never checked)',
  'deviation-ledger:per-page-fixed:fuzz':
    'issue 39: assumption probes (no request compares per_page with the limit sent)',
  'deviation-ledger:per-page-fixed:rate-limit':
    'issue 39: assumption probes (no request compares per_page with the limit sent)',
  'deviation-ledger:per-page-fixed:read-only':
    'issue 39: assumption probes (no request compares per_page with the limit sent)',
  'deviation-ledger:per-page-fixed:writes':
    'issue 39: assumption probes (no request compares per_page with the limit sent)',
  'deviation-ledger:platform-ignored:fuzz':
    'issue 39: severity and the ledger (the 200s are filed as errors with no assumption, so BadRequest is not contradicted)',
  'deviation-ledger:platform-ignored:rate-limit':
    'issue 39: severity and the ledger (the 200s are filed as errors with no assumption, so BadRequest is not contradicted)',
  'deviation-ledger:platform-ignored:read-only':
    'issue 39: severity and the ledger (the 200s are filed as errors with no assumption, so BadRequest is not contradicted)',
  'deviation-ledger:platform-ignored:writes':
    'issue 39: severity and the ledger (the 200s are filed as errors with no assumption, so BadRequest is not contradicted)',
  'deviation-ledger:signin-422:fuzz':
    'issue 39: assumption probes (no wrong-password sign-in is sent, so the signin 401 assumption stays not observed)',
  'deviation-ledger:signin-422:rate-limit':
    'issue 39: assumption probes (no wrong-password sign-in is sent, so the signin 401 assumption stays not observed)',
  'deviation-ledger:signin-422:read-only':
    'issue 39: assumption probes (no wrong-password sign-in is sent, so the signin 401 assumption stays not observed)',
  'deviation-ledger:signin-422:writes':
    'issue 39: assumption probes (no wrong-password sign-in is sent, so the signin 401 assumption stays not observed)',
  'deviation-ledger:unknown-client-422:fuzz':
    'issue 39: assumption probes (no unknown client id is sent to update, delete or the room reads)',
  'deviation-ledger:unknown-client-422:rate-limit':
    'issue 39: assumption probes (no unknown client id is sent to update, delete or the room reads)',
  'deviation-ledger:unknown-client-422:read-only':
    'issue 39: assumption probes (no unknown client id is sent to update, delete or the room reads)',
  'deviation-ledger:unknown-client-422:writes':
    'issue 39: assumption probes (no unknown client id is sent to update, delete or the room reads)',
  'deviation-ledger:updated-at-bumped:writes':
    'issue 39: false alarms and the ledger (the round trip fails on updated_at instead of contradicting /x-unknown-request-fields)',
  'deviations:fuzz':
    'issue 39: severity (platform), disposable sessions (writes), false alarms (fuzz: ?page with a body page; updated_at) \u2014 see the deviation-harmless rows',
  'deviations:rate-limit':
    'issue 39: severity (platform), disposable sessions (writes), false alarms (fuzz: ?page with a body page; updated_at) \u2014 see the deviation-harmless rows',
  'deviations:read-only':
    'issue 39: severity (platform), disposable sessions (writes), false alarms (fuzz: ?page with a body page; updated_at) \u2014 see the deviation-harmless rows',
  'deviations:writes':
    'issue 39: severity (platform), disposable sessions (writes), false alarms (fuzz: ?page with a body page; updated_at) \u2014 see the deviation-harmless rows',
  'observed:/components/responses/ClientNotFound:rate-limit':
    'issue 39: assumption probes (nothing the run sends shows this point, so the ledger says not observed)',
  'observed:/components/responses/ClientNotFound:read-only':
    'issue 39: assumption probes (nothing the run sends shows this point, so the ledger says not observed)',
  'observed:/paths/~1client~1user_client/post/responses/404:rate-limit':
    'issue 39: assumption probes (nothing the run sends shows this point, so the ledger says not observed)',
  'observed:/paths/~1client~1user_client/post/responses/404:read-only':
    'issue 39: assumption probes (nothing the run sends shows this point, so the ledger says not observed)',
  'observed:/paths/~1client~1user_client/post/responses/404:writes':
    'issue 39: assumption probes (nothing the run sends shows this point, so the ledger says not observed)',
  'observed:/x-unknown-request-fields:fuzz':
    'issue 39: assumption probes (nothing the run sends shows this point, so the ledger says not observed)',
  'observed:/x-unknown-request-fields:rate-limit':
    'issue 39: assumption probes (nothing the run sends shows this point, so the ledger says not observed)',
  'observed:/x-unknown-request-fields:read-only':
    'issue 39: assumption probes (nothing the run sends shows this point, so the ledger says not observed)',
  'observed:/x-unknown-request-fields:writes':
    'issue 39: assumption probes (nothing the run sends shows this point, so the ledger says not observed)',
};
