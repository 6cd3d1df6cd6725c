// The route table (routes/api.php): method, whether auth:sanctum guards it,
// whether the subscribed middleware does, and the controller action.
import type { Ctx } from './http.js';
import * as account from './routes-account.js';
import * as clients from './routes-clients.js';
import * as rooms from './routes-rooms.js';

export interface Route {
  method: 'GET' | 'POST';
  /** auth:sanctum */
  protected: boolean;
  /** The subscribed middleware: 403 Subscription required. without an active plan. */
  subscribed: boolean;
  /** Fails in the {status: "error", message} shape (section 7: awning, country, plan operations). */
  statusShaped?: boolean;
  handle: (c: Ctx, token: string, param?: string) => void;
}

const open = (handle: Route['handle']): Route => ({ method: 'POST', protected: false, subscribed: false, handle });
const user = (handle: Route['handle']): Route => ({ method: 'POST', protected: true, subscribed: false, handle });
const paid = (handle: Route['handle']): Route => ({ method: 'POST', protected: true, subscribed: true, handle });

export const ROUTES: Record<string, Route> = {
  '/user/signup': open(account.signup),
  '/user/signin': open(account.signin),
  '/user/qrcode_signin': open(account.qrcodeSignin),
  '/user/forgot_password': open(account.forgotPassword),
  '/user/reset_password/{token}': open((c, _t, token) => account.resetPassword(c, token ?? '')),
  '/user/update_password': open(account.updatePassword),
  '/user/settings': open(account.settings),
  '/countries/index': { ...open(account.countries), statusShaped: true },
  '/how-works/get': open(account.howWorks),
  '/user/logout': user((c, token) => account.logout(c, token)),
  '/plans/index': { method: 'GET', protected: true, subscribed: false, statusShaped: true, handle: account.plans },
  '/transactions/get_user_current_plan': user(account.currentPlan),
  '/user/get_profile': user(account.profile),
  '/user/get_company_user': paid(rooms.companyUsers),
  '/client/list': paid(clients.listClients),
  '/client/user_client': paid(clients.listCompanyClients),
  '/client/update': paid(clients.updateClient),
  '/client/delete': paid(clients.deleteClient),
  '/measurements/awning_measurement_add_edit': { ...paid(rooms.awning), statusShaped: true },
  '/measurements/single_window_photo_add_edit': paid(rooms.windowForm('single')),
  '/measurements/specialty_window_add_edit': paid(rooms.windowForm('specialty')),
  '/measurements/series_window_with_draperies_add_edit': paid(rooms.windowForm('series')),
  '/room/get': paid(rooms.roomMeasurements),
  '/room/get-by-client-id': paid(rooms.roomsOfClient),
  '/room/measurement_type': paid(rooms.measurementTypes),
  '/adminroom/index': paid(rooms.adminRooms),
};

/** The route a path names, with the reset token when it is one. */
export function match(path: string): { route: Route; param?: string } | undefined {
  const direct = ROUTES[path];
  if (direct) return { route: direct };
  const reset = /^\/user\/reset_password\/([^/]+)$/.exec(path);
  return reset ? { route: ROUTES['/user/reset_password/{token}']!, param: decodeURIComponent(reset[1]!) } : undefined;
}
