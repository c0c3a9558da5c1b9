// The shape of one area's built-in texts (app/languages/texts/*): language code -> key -> text.
export type TextsByLanguage = Record<string, Record<string, string>>;
