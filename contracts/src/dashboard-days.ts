/** The periods of the seller's dashboard, in days (issue 23): `GET /api/seller/dashboard?days=`. */
export const DASHBOARD_DAYS = [7, 30, 90] as const;
export type DashboardDays = (typeof DASHBOARD_DAYS)[number];
