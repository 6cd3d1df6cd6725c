// The facts of the interface document (shared/seeds/000_55ac81fde11b7ea4.txt),
// transcribed by hand from the document, section by section. The spec test
// walks these against spec/openapi.yaml; nothing here is read from the spec.

/** A document type: JSON types joined by `|`, e.g. `string|null`. */
export type DocType = string;

export interface FieldFact {
  /** Dotted path into the body; `[]` steps into array items, e.g. `data.data[].id`. */
  at: string;
  type: DocType;
  /** Only where the document gives a Required column. */
  required?: boolean;
  /** Words of the document's note that the field's description must carry. */
  note?: string[];
  enum?: unknown[];
  /** JSON Schema `format` the document's wording implies (URL, timestamp). */
  format?: string;
}

export interface OperationFact {
  method: 'get' | 'post';
  path: string;
  /** Section 4.1: no bearer token. */
  public: boolean;
  request?: FieldFact[];
  /** Fields of the 200 body. */
  response?: FieldFact[];
  /** Documented success text of `message`. */
  successMessage?: string;
  /** Documented `status` value of a success body. */
  successStatus?: string;
}

const s = (names: string, extra: Partial<FieldFact> = {}): FieldFact[] =>
  names
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((at) => ({ at, type: 'string', ...extra }));

// 2.1 Client, as seen in listings, under a given prefix.
export const clientFields = (p: string): FieldFact[] => [
  { at: `${p}id`, type: 'integer', note: ['client identifier'] },
  { at: `${p}user_id`, type: 'integer', note: ['owning user'] },
  { at: `${p}lead_source_id`, type: 'integer|null' },
  { at: `${p}end_client_known`, type: 'integer', enum: [0, 1], note: ['1 or 0', 'boolean in the update request'] },
  { at: `${p}quote_no`, type: 'string', note: ['may be empty'] },
  { at: `${p}project_name`, type: 'string|null' },
  { at: `${p}name`, type: 'string' },
  { at: `${p}surname`, type: 'string' },
  { at: `${p}email`, type: 'string' },
  { at: `${p}phone_no`, type: 'string', note: ['may be empty'] },
  { at: `${p}location`, type: 'string|null' },
  ...s(`${p}address ${p}city ${p}state ${p}zip_code`, { note: ['may be empty'] }),
  ...s(`${p}billing_address ${p}billing_city ${p}billing_state ${p}billing_zip_code`, { note: ['may be empty'] }),
  { at: `${p}created_at`, type: 'string', format: 'date-time', note: ['ISO 8601 UTC', 'microseconds', 'trailing Z'] },
  { at: `${p}lead_source_name`, type: 'string|null' },
  { at: `${p}lead_source_email`, type: 'string|null' },
];

// 2.5 Paged list envelope, inside `data`.
const pagedEnvelope: FieldFact[] = [
  { at: 'message', type: 'string' },
  { at: 'data.current_page', type: 'integer' },
  { at: 'data.data', type: 'array' },
  { at: 'data.first_page_url', type: 'string', format: 'uri' },
  { at: 'data.last_page_url', type: 'string', format: 'uri' },
  { at: 'data.path', type: 'string', format: 'uri' },
  { at: 'data.from', type: 'integer' },
  { at: 'data.to', type: 'integer' },
  { at: 'data.last_page', type: 'integer' },
  { at: 'data.total', type: 'integer' },
  { at: 'data.per_page', type: 'integer' },
  { at: 'data.next_page_url', type: 'string|null' },
  { at: 'data.prev_page_url', type: 'string|null' },
  { at: 'data.links', type: 'array' },
  { at: 'data.links[].url', type: 'string|null' },
  { at: 'data.links[].label', type: 'string' },
  { at: 'data.links[].active', type: 'boolean' },
  ...clientFields('data.data[].'),
];

// 2.2 Fields shared by the three window forms.
const measurementShared: FieldFact[] = [
  { at: 'id', type: 'integer', required: false, note: ['record id', 'sends 0'] },
  { at: 'user_id', type: 'integer', required: true },
  { at: 'client_id', type: 'integer', required: true },
  { at: 'room_id', type: 'integer', required: true },
  { at: 'measurement_type_id', type: 'integer', required: true },
  { at: 'unit_type', type: 'string', required: true },
  { at: 'mount_type', type: 'string', required: false },
  { at: 'window_name', type: 'string', required: true, note: ['descriptive name'] },
  ...s('focus_width focus_width_key focus_height focus_height_key', { required: false }),
  ...s('for_shutter square_feet min_value_fields note offset_value offset_value_keys installation_instructions', {
    required: false,
  }),
  { at: 'total_custom_fields', type: 'integer', required: false },
  // "object (sample sends an empty array)"
  { at: 'custom_field', type: 'object|array', required: false },
];

const perWindow = ['a', 'b', 'c', 'd', 'e'].flatMap((x) =>
  ['w_top', 'w_middle', 'w_bottom', 'h_left', 'h_middle', 'h_right', 'sill_depth'].map((f) => `window_${x}_${f}`),
);

export const seriesFieldNames: string[] = [
  // Wall and trim
  'floor_to_ceiling',
  'floor_to_trim',
  'floor_to_sill',
  'wall_to_wall',
  'left_wall_to_window',
  'left_wall_to_trim',
  'right_wall_to_window',
  'right_wall_to_trim',
  'trim_width',
  // Middle spans
  'middle_a-b_width',
  'middle_a-b_trim_to_trim',
  'middle_b-c_width',
  'middle_b-c_trim_to_trim',
  'middle_c-d_width',
  'middle_c-d_trim_to_trim',
  'middle_d-e_width',
  'middle_d-e_trim_to_trim',
  // Break and top
  'window_a_to_break',
  'window_b_to_break',
  'window_d_to_break',
  'window_e_to_break',
  'top_trim_to_obstruction',
  'top_trim_to_curtain_rod',
  'top_trim_to_molding',
  'top_trim_to_ceiling',
  // Curtain rod
  'curtain_rod_length',
  'curtain_rod_to_floor',
  // Outside sizes
  'window_a-e_outside_width',
  'window_a-e_outside_height',
  'window_a_c_outside_width',
  'window_a_c_outside_height',
  'window_a-d_outside_width',
  'window_a-d_outside_height',
  'window_a_b_outside_width',
  'window_a_b_outside_height',
  'window_outside_width',
  'window_outside_height',
  // Per window X in a..e
  ...perWindow,
  // Series and areas
  'number_in_series',
  'square_feet2',
  'square_feet3',
  'square_feet4',
  'square_feet5',
];

const emptySuccess = (): FieldFact[] => [
  { at: 'message', type: 'string' },
  { at: 'data', type: 'array' },
];

export const MEASUREMENT_ADDED = 'Measurement added successfully!';

export const operations: Record<string, OperationFact> = {
  // 4.1 Public endpoints
  signup: { method: 'post', path: '/user/signup', public: true },
  signin: {
    method: 'post',
    path: '/user/signin',
    public: true,
    request: [
      { at: 'email', type: 'string' },
      { at: 'password', type: 'string' },
      { at: 'device_token', type: 'string', note: ['may be empty', 'push notifications'] },
      { at: 'platform', type: 'string', enum: ['WEB', 'IOS', 'ANDROID'] },
    ],
    response: [
      { at: 'message', type: 'string' },
      { at: 'data', type: 'object' },
      { at: 'data.api_token', type: 'string', note: ['bearer token'] },
      { at: 'data.user', type: 'object' },
    ],
  },
  qrcodeSignin: { method: 'post', path: '/user/qrcode_signin', public: true },
  forgotPassword: { method: 'post', path: '/user/forgot_password', public: true },
  resetPassword: { method: 'post', path: '/user/reset_password/{token}', public: true },
  updatePassword: { method: 'post', path: '/user/update_password', public: true },
  settings: { method: 'post', path: '/user/settings', public: true },
  countries: {
    method: 'post',
    path: '/countries/index',
    public: true,
    response: [
      { at: 'status', type: 'string' },
      { at: 'data', type: 'array' },
      { at: 'data[].id', type: 'integer' },
      { at: 'data[].name', type: 'string' },
      { at: 'data[].code', type: 'string' },
    ],
  },
  howWorks: { method: 'post', path: '/how-works/get', public: true },
  // 4.2
  plans: {
    method: 'get',
    path: '/plans/index',
    public: false,
    response: [
      { at: 'status', type: 'string' },
      { at: 'data', type: 'array' },
      { at: 'data[].id', type: 'integer' },
      { at: 'data[].name', type: 'string' },
      { at: 'data[].price', type: 'number' },
      { at: 'data[].interval', type: 'string' },
      { at: 'data[].features', type: 'array' },
      { at: 'data[].features[]', type: 'string' },
    ],
  },
  // 4.3
  clientList: {
    method: 'post',
    path: '/client/list',
    public: false,
    request: [
      { at: 'keyword', type: 'string', required: false },
      { at: 'page', type: 'integer', required: false },
      { at: 'limit', type: 'integer', required: false },
    ],
    response: pagedEnvelope,
  },
  // 4.4
  userClient: {
    method: 'post',
    path: '/client/user_client',
    public: false,
    request: [{ at: 'company_name', type: 'string', required: true }],
    response: pagedEnvelope,
  },
  // 4.5
  clientUpdate: {
    method: 'post',
    path: '/client/update',
    public: false,
    request: [
      { at: 'client_id', type: 'integer', required: true },
      { at: 'name', type: 'string', required: true },
      { at: 'surname', type: 'string', required: true },
      { at: 'email', type: 'string', required: true },
      ...s('location phone address city state zip_code', { required: false }),
      ...s('billing_address billing_city billing_state billing_zip_code', { required: false }),
      ...s('phone_no lead_source_name quote_no project_name', { required: false }),
      { at: 'lead_source_id', type: 'integer', required: false },
      { at: 'end_client_known', type: 'boolean', required: false },
    ],
    response: emptySuccess(),
    successMessage: 'Client details updated successfully.',
  },
  // 4.6
  clientDelete: {
    method: 'post',
    path: '/client/delete',
    public: false,
    request: [{ at: 'client_id', type: 'integer' }],
    response: emptySuccess(),
    successMessage: 'Client deleted successfully.',
  },
  // 4.7
  awning: {
    method: 'post',
    path: '/measurements/awning_measurement_add_edit',
    public: false,
    request: [
      { at: 'client_id', type: 'integer', required: true },
      { at: 'awning_type', type: 'string', required: false, enum: ['retractable', 'stationary'] },
      { at: 'width', type: 'integer', required: false },
      { at: 'projection', type: 'integer', required: false },
      { at: 'mount_height', type: 'integer', required: false },
    ],
    response: [
      { at: 'status', type: 'string' },
      { at: 'data', type: 'object' },
      { at: 'data.id', type: 'integer' },
      { at: 'data.awning_type', type: 'string' },
      { at: 'data.dimensions', type: 'object' },
      { at: 'data.dimensions.width', type: 'integer' },
      { at: 'data.dimensions.projection', type: 'integer' },
      { at: 'data.dimensions.mount_height', type: 'integer' },
    ],
    successStatus: 'success',
  },
  // 4.8
  singleWindowPhoto: {
    method: 'post',
    path: '/measurements/single_window_photo_add_edit',
    public: false,
    request: [
      ...measurementShared,
      ...s(
        'w_top w_middle w_bottom h_left h_middle h_right d_sill left_edge_w right_edge_w top_edge_to_ceiling_h ' +
          'bottom_edge_to_floor_h middle_a_w middle_b_w middle_c_w wall_to_wall_w floor_to_ceiling_h bottom_trim_to_floor',
        { required: false },
      ),
      { at: 'measurement_unique_id', type: 'string', required: false, note: ['external focus integration'] },
    ],
    response: emptySuccess(),
    successMessage: MEASUREMENT_ADDED,
  },
  // 4.9
  specialtyWindow: {
    method: 'post',
    path: '/measurements/specialty_window_add_edit',
    public: false,
    request: [
      ...measurementShared,
      { at: 'window_type', type: 'integer', required: true, note: ['arch', 'trapezoid'] },
      ...s('a b c d e f g h i j k l w r', { required: false }),
      ...s('w1 h1 d1 x1 b1 w2 h2 d2 x2 b2', { required: false }),
    ],
    response: emptySuccess(),
    successMessage: MEASUREMENT_ADDED,
  },
  // 4.10
  seriesWindow: {
    method: 'post',
    path: '/measurements/series_window_with_draperies_add_edit',
    public: false,
    request: [
      ...measurementShared,
      ...seriesFieldNames.map(
        (at): FieldFact => ({
          at,
          type: 'string',
          required: false,
          ...(at === 'number_in_series' ? { note: ['sequence number', 'in the series'] } : {}),
        }),
      ),
    ],
    response: emptySuccess(),
    successMessage: MEASUREMENT_ADDED,
  },
  // 4.11
  roomGet: {
    method: 'post',
    path: '/room/get',
    public: false,
    request: [
      { at: 'client_id', type: 'integer', required: true, note: ['filters rooms by client'] },
      { at: 'room_id', type: 'integer', required: true, note: ['selects a room'] },
    ],
    response: [
      { at: 'message', type: 'string' },
      { at: 'data', type: 'array' },
      { at: 'data[].room_id', type: 'integer' },
      { at: 'data[].admin_room_id', type: 'integer|null' },
      { at: 'data[].measurement_type_id', type: 'integer' },
      { at: 'data[].measurement_type_name', type: 'string' },
      { at: 'data[].measurement_id', type: 'integer' },
      { at: 'data[].group_id', type: 'integer' },
      { at: 'data[].created_at', type: 'string', format: 'date-time', note: ['microseconds'] },
      { at: 'data[].window_name', type: 'string' },
    ],
    successMessage: 'Rooms get successfully.',
  },
  // 4.12: the sample response is null.
  roomByClient: {
    method: 'post',
    path: '/room/get-by-client-id',
    public: false,
    request: [{ at: 'client_id', type: 'integer' }],
  },
  // 4.13
  measurementTypes: {
    method: 'post',
    path: '/room/measurement_type',
    public: false,
    response: [
      { at: 'message', type: 'string' },
      { at: 'data', type: 'array' },
      { at: 'data[].id', type: 'integer' },
      { at: 'data[].name', type: 'string' },
    ],
  },
  // 4.14
  adminRooms: {
    method: 'post',
    path: '/adminroom/index',
    public: false,
    response: [
      { at: 'message', type: 'string' },
      { at: 'data', type: 'array' },
      { at: 'data[].id', type: 'integer' },
      { at: 'data[].name', type: 'string' },
    ],
  },
  // 4.15
  companyUsers: {
    method: 'post',
    path: '/user/get_company_user',
    public: false,
    response: [
      { at: 'message', type: 'string' },
      { at: 'data', type: 'array' },
      { at: 'data[].id', type: 'integer' },
      { at: 'data[].name', type: 'string' },
      { at: 'data[].phone_no', type: 'string|null' },
      { at: 'data[].profile_image', type: 'string', format: 'uri' },
      { at: 'data[].email', type: 'string' },
    ],
  },
  // 4.16: exist, payload not shown (methods not shown either).
  profile: { method: 'post', path: '/user/get_profile', public: false },
  currentPlan: { method: 'post', path: '/transactions/get_user_current_plan', public: false },
};

/** Section 4.16: operations whose method the document does not give. */
export const methodNotShown = new Set([
  '/user/signup',
  '/user/qrcode_signin',
  '/user/forgot_password',
  '/user/reset_password/{token}',
  '/user/update_password',
  '/user/settings',
  '/how-works/get',
  '/user/get_profile',
  '/transactions/get_user_current_plan',
]);

// Section 7: the two error shapes and their messages.
export const errorMessages = {
  401: 'Unauthenticated.',
  403: 'Subscription required.',
  429: 'Too many requests. Please try again later.',
} as const;

/** Failures in the `{status: "error", message}` shape, by operation path. */
export const statusErrorFailures: Array<{ path: string; message: string }> = [
  { path: '/measurements/awning_measurement_add_edit', message: 'Validation failed' },
  { path: '/countries/index', message: 'Failed to fetch countries' },
  { path: '/plans/index', message: 'Unauthorized' },
];

// Section 5: headers.
export const platformValues = ['WEB', 'IOS', 'ANDROID'];
export const serverUrl = '{base_url}/api/v1';
export const rateLimitPerMinute = 60;
