import catalog from '../i18n/catalog/en/accountErrors.json';
import { addRefusalCatalog } from './wordCatalogs';

// The refusals and field errors of registration and the e-mail links (a new password, a taken address, a
// link that does not work): loaded with those screens and the signed-in app, not with /login.
addRefusalCatalog(catalog);
