/**
 * What other features use of content requests: the module, and the port the catalog import
 * calls in its transaction (RequestFulfilment, also importable alone as `requests/fulfilment`,
 * which the import uses so that the CLI loads no Nest module).
 */
export { RequestsModule } from './requests.module';
export { RequestFulfilment, type ImportedTitle } from './fulfilment';
export type { RequestAddedEvent } from './request-events';
