// `npm run build` makes the embedded database's template (an empty, migrated database), so the
// first start on a new DATA_DIR loads it instead of running initdb.
import { pgliteTemplate } from './client.js';

const template = await pgliteTemplate();
console.warn(template ? 'embedded database template ready' : 'embedded database template could not be made: each new database runs initdb');
