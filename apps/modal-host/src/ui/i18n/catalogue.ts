/**
 * The shape of a message catalogue. An entry is a text with `{name}` placeholders, or plural forms
 * chosen by `Intl.PluralRules` from the `count` value (each locale gives the categories its
 * language uses; `other` is always there).
 */
export type PluralCategory = Intl.LDMLPluralRule
export type PluralForms = { readonly other: string } & {
  readonly [C in Exclude<PluralCategory, 'other'>]?: string
}
export type CatalogueEntry = string | PluralForms

/** Values put into placeholders; `count` also picks the plural form. */
export type MessageValues = Readonly<Record<string, string | number>>
