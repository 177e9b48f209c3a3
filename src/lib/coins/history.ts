/** /k-transactions: the user's coin records, newest first, page by page (src/lib/model/paged.ts). */
import { request } from '../request';
import type { DataOf } from '../../shared/api/endpoint';
import { coinTransactions } from '../../shared/api/endpoints/coins-records';
import { RECORDS_PAGE_SIZE } from '../../shared/limits';
import { pagedList } from '../model/paged';

export type CoinRecord = DataOf<typeof coinTransactions>['items'][number];

/** @example const { list, end } = useNearEnd(coinRecords, signedIn) */
export const coinRecords = pagedList<CoinRecord>((cursor) => request(coinTransactions, { cursor, limit: RECORDS_PAGE_SIZE }));
