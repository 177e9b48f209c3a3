/** Shared stores: atoms every island on a page reads, with the actions that change them. */
export * from './membership';
export * from './self-info';
export * from './player';
export * from './theme';
export * from './page';
export * from './ui';
