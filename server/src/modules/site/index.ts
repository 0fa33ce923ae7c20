export { default as siteRoutes } from './routes.ts';
