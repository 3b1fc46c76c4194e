/**
 * The catalogues, one per language, by code. Adding a language: its file
 * `<code>.json` beside this one (every key of en.json), and one line here.
 * The code is a BCP 47 tag (it picks the plural rules): `fr`, `es`, `pt-BR`.
 */
export { default as en } from './en.json' with { type: 'json' };
export { default as de } from './de.json' with { type: 'json' };
export { default as es } from './es.json' with { type: 'json' };
export { default as fr } from './fr.json' with { type: 'json' };
export { default as it } from './it.json' with { type: 'json' };
export { default as nl } from './nl.json' with { type: 'json' };
export { default as pl } from './pl.json' with { type: 'json' };
export { default as 'pt-BR' } from './pt-BR.json' with { type: 'json' };
