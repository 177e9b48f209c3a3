/**
 * The host's copy of the membership code being typed on /exchange-members (../forms/page-state), for
 * when Android recreates the WebView and sessionStorage, where ./redeem keeps it, is gone. Loaded
 * after the page, not with it.
 */
import * as v from 'valibot';
import { forgetPart, keepPart, takePart } from '../forms/page-state';

const PART = 'redeem';
// What was typed, spaces and all, not yet checked as a code: shown in the field as text, never markup.
const kept = v.object({ code: v.pipe(v.string(), v.maxLength(100)) });

/** The code the host kept, or ''. @example keptCode() // 'ABCD 1234' */
export const keptCode = (): string => takePart(PART, kept)?.code ?? '';

/** Kept while typed; forgotten once emptied (redeemed, or cleared by the user). @example keepCode('ABCD') */
export const keepCode = (code: string): void => (code ? keepPart(PART, { code }, true) : forgetPart(PART));
