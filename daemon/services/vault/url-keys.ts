import { randomInt } from 'node:crypto';

/** URL-signing keys as Traffic Ops stored and served them: `key0` … `key15`. */
export type UrlSigKeys = Record<string, string>;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_';
export const URL_SIG_KEY_COUNT = 16;
export const URL_SIG_KEY_LENGTH = 32;

/** 16 keys of 32 characters drawn from [A-Za-z0-9_] by the system's CSPRNG, as Traffic Ops generated them. */
export function generateUrlSigKeys(): UrlSigKeys {
  const keys: UrlSigKeys = {};
  for (let i = 0; i < URL_SIG_KEY_COUNT; i++) {
    let key = '';
    for (let j = 0; j < URL_SIG_KEY_LENGTH; j++) key += ALPHABET[randomInt(ALPHABET.length)];
    keys[`key${i}`] = key;
  }
  return keys;
}

/** What may be shown of a URL-signing key set: how many keys, and their names. */
export const urlSigSummary = (keys: UrlSigKeys) => ({ keys: Object.keys(keys).length, names: Object.keys(keys) });
