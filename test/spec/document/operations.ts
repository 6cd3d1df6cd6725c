// Section 4 of the interface document: every operation, its fields and success text.
import { type FieldFact, type OperationFact, strings as s } from './facts.js';
import { emptySuccess, measurementShared, pagedEnvelope, seriesFieldNames } from './shapes.js';

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
