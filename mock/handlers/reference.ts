// Reference lists, plans, the profile and the company's people.

import { publicUser } from './auth.js';
import type { Handler } from './types.js';

export const getSettings: Handler<'getSettings'> = ({ store }) => ({
  message: 'Settings get successfully.',
  data: store.reference().settings,
});
export const getHowItWorks: Handler<'getHowItWorks'> = ({ store }) => ({
  message: 'How it works get successfully.',
  data: store.reference().howItWorks,
});
export const listCountries: Handler<'listCountries'> = ({ store }) => ({
  status: 'success',
  data: store.reference().countries,
});
export const listPlans: Handler<'listPlans'> = ({ store }) => ({ status: 'success', data: store.reference().plans });
export const listMeasurementTypes: Handler<'listMeasurementTypes'> = ({ store }) => ({
  message: 'Measurement types get successfully.',
  data: store.reference().measurementTypes,
});
export const listAdminRoomTypes: Handler<'listAdminRoomTypes'> = ({ store }) => ({
  message: 'Admin rooms get successfully.',
  data: store.reference().adminRoomTypes,
});

export const getProfile: Handler<'getProfile'> = ({ user, store }) => ({
  message: 'Profile get successfully.',
  data: publicUser(store, user),
});

export const getCurrentPlan: Handler<'getCurrentPlan'> = ({ user, store }) => {
  const sub = store.activeSubscription(user.id);
  const plan = sub && store.plan(sub.plan_id);
  if (!sub || !plan) return { message: 'No active plan.', data: null };
  return {
    message: 'Current plan get successfully.',
    data: { id: sub.id, status: sub.status, started_at: sub.started_at, expires_at: sub.expires_at, plan },
  };
};

export const listCompanyUsers: Handler<'listCompanyUsers'> = ({ user, store }) => ({
  message: 'Company users get successfully.',
  data: store.companyMembers(user.company_id).map((u) => ({
    id: u.id,
    name: `${u.name} ${u.surname}`.trim(),
    phone_no: u.phone_no,
    profile_image: u.profile_image,
    email: u.email,
  })),
});
