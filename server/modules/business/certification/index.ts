export { certificationRoutes } from './routes';
export { certificationReviewRoutes } from './review-routes';
export { CERT_STATUS, requireCertified, certifyOrganisations, certificationShowsFile } from './certification';
