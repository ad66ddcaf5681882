/** What other features use of the catalog: a title named by its address. */
export { titleReferenceAt, type TitleReference } from './title-lookup';
export { airedSql } from './aired';
