export { fundsRoutes } from './routes';
export { accountOf, move, ledgerMismatches, type Movement, type LedgerKind } from './ledger';
export { fundsAccountRoutes, customerCompanies } from './account-routes';
export { fundsExportRoutes } from './ledger-export';
export { debtRoutes } from './debt-routes';
