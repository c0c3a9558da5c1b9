// Highlighting for the template language in CodeMirror (a StreamLanguage): directives ({.section x},
// {.repeated section}, {.if}, {.or}, {.end}, {.var}, {.macro}, {.eval}...), predicates ({.equal? a b}),
// variables with formatters ({title|htmlattr}, {@|apply m}), comments ({# ...} and {## ... ##}), and
// the literals ({.meta-left}, {.space}...). Text outside tags, CSS braces included, stays plain.
import { StreamLanguage, type StringStream } from '@codemirror/language';

interface State {
  /** Inside a {## ... ##} comment that spans lines. */
  comment: boolean;
  /** Inside a tag after its opening: names, formatters, arguments until `}`. */
  tag: boolean;
  /** The next name is a formatter's (after `|`). */
  formatter: boolean;
}

const DIRECTIVE =
  /^\{\.(?:repeated section|alternates with|section|end|or|if|var|macro|eval|include|inject|ctx|newline|space|tab|meta-left|meta-right)\b/;
const LITERAL = /^\{\.(?:newline|space|tab|meta-left|meta-right)\}/;

function token(stream: StringStream, state: State): string | null {
  if (state.comment) {
    if (stream.skipTo('##}')) {
      stream.match('##}');
      state.comment = false;
    } else stream.skipToEnd();
    return 'comment';
  }
  if (state.tag) {
    if (stream.eat('}')) {
      state.tag = false;
      state.formatter = false;
      return 'bracket';
    }
    if (stream.eat('|')) {
      state.formatter = true;
      return 'operator';
    }
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/) || stream.match(/^'(?:[^'\\]|\\.)*'?/)) return 'string';
    if (stream.match(/^-?\d+(?:\.\d+)?/)) return 'number';
    if (stream.match(/^[@$\w][\w.$@-]*/)) {
      const isFormatter = state.formatter;
      state.formatter = false;
      return isFormatter ? 'propertyName' : 'variableName';
    }
    if (stream.match(/^(?:==|!=|<=|>=|&&|\|\||[-+*/%<>=!,()])/)) return 'operator';
    stream.next();
    return null;
  }
  if (stream.match('{##')) {
    state.comment = true;
    return token(stream, state) ?? 'comment';
  }
  if (stream.match(/^\{#[^}]*\}?/)) return 'comment';
  if (stream.match(LITERAL)) return 'atom';
  if (stream.match(DIRECTIVE) || stream.match(/^\{\.[\w-]+\?/)) {
    state.tag = true;
    return 'keyword';
  }
  if (stream.match(/^\{(?=[@$\w])/)) {
    state.tag = true;
    return 'bracket';
  }
  stream.next();
  // Plain text up to the next brace in one token.
  while (!stream.eol() && stream.peek() !== '{') stream.next();
  return null;
}

export const templateLanguage = StreamLanguage.define<State>({
  name: 'squarespace-template',
  startState: () => ({ comment: false, tag: false, formatter: false }),
  copyState: (s) => ({ ...s }),
  token,
  blankLine: () => {},
});
