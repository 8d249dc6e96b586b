/** Russian identifier generators with correct check digits, plus validators, for synthetic clients. */
export type { RandomInt } from './random-digits';
export { makeInn10, makeInn12, isValidInn } from './inn';
export { makeOgrn, makeOgrnip, isValidOgrn, isValidOgrnip } from './ogrn';
export { makeKpp, isValidKpp } from './kpp';
export { makeBik, isValidBik } from './bik';
export { makeAccountNumber, isValidAccountKey } from './account-number';
