/**
 * Anchors, aliases and tags (`&a`, `*a`, `!t` at the start of a node), merge keys, directives and
 * document markers: what ties one part of a YAML text to another or changes how it is read. A
 * text using any of them is neither cut into token chunks nor read by the fast reader. It may
 * over-match (a value `*** VIP ***`): that only sends the text the slower, always correct way.
 */
export const YAML_LINKS = /(^|[\s[{,:-])[&*!][^\s,[\]{}]|<<|^(%|---|\.\.\.)/m;
