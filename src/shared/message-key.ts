/**
 * The message keys, as types for src/lib (the models say which message a state shows) and the server:
 * derived from the en-US message file, so a key no locale has fails the type check (the message-file
 * test keeps the nine files' keys equal). src/i18n, the build's reading of the files, imports these,
 * not the other way round.
 */
import type enUS from './messages/en-US.json';

export type Messages = typeof enUS;
export type Area = keyof Messages;
/**
 * Every message key, `area.name`.
 * @example const key: MessageKey = 'error.noInternet'
 */
export type MessageKey = { [A in Area]: `${A}.${keyof Messages[A] & string}` }[Area];
