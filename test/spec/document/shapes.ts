// Section 2 of the interface document: the shapes several operations share.
import { type FieldFact, strings as s, words } from './facts.js';

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
export const pagedEnvelope: FieldFact[] = [
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
export const measurementShared: FieldFact[] = [
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
  ...words('floor_to_ceiling floor_to_trim floor_to_sill wall_to_wall'),
  ...words('left_wall_to_window left_wall_to_trim right_wall_to_window right_wall_to_trim trim_width'),
  // Middle spans
  ...words('middle_a-b_width middle_a-b_trim_to_trim middle_b-c_width middle_b-c_trim_to_trim'),
  ...words('middle_c-d_width middle_c-d_trim_to_trim middle_d-e_width middle_d-e_trim_to_trim'),
  // Break and top
  ...words('window_a_to_break window_b_to_break window_d_to_break window_e_to_break'),
  ...words('top_trim_to_obstruction top_trim_to_curtain_rod top_trim_to_molding top_trim_to_ceiling'),
  // Curtain rod
  ...words('curtain_rod_length curtain_rod_to_floor'),
  // Outside sizes
  ...words('window_a-e_outside_width window_a-e_outside_height window_a_c_outside_width window_a_c_outside_height'),
  ...words('window_a-d_outside_width window_a-d_outside_height window_a_b_outside_width window_a_b_outside_height'),
  ...words('window_outside_width window_outside_height'),
  // Per window X in a..e
  ...perWindow,
  // Series and areas
  ...words('number_in_series square_feet2 square_feet3 square_feet4 square_feet5'),
];

export const emptySuccess = (): FieldFact[] => [
  { at: 'message', type: 'string' },
  { at: 'data', type: 'array' },
];
