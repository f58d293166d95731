"""Flags SQL that mixes <<, >>, &, | or # without parentheses.

  python3 test/doc/bit_precedence.py FILE...

In SQL these five share one precedence and group left to right, unlike C,
where shifts bind tighter than &, & tighter than #, # tighter than |. So
`a << 23 | s << 10 | c` is ((a << 23) | s) << 10 | c: it shifts its bound
twice (test/sql-edition/node_id.sh passed or failed by the clock that way).
An expression is flagged when two different ones of them meet at one level
of parentheses; written with each operand in its own parentheses, it reads
the same in SQL and C, and says what it means.

What is read as SQL: a .sql or .psql file whole; a .md file's ```sql
blocks; a .sh file's here-documents and quoted strings (where its SQL is);
a .tsv file's fields after the first. Comments and string literals are not
code. Prints FILE:LINE: the expression, for each, and exits 1 if any.
"""
import re
import sys

BIT = {'<<', '>>', '&', '|', '#'}
# a word or a symbol that ends an expression: what stands between two
# operands of one expression is an operator, a parenthesis or a cast
ENDS = {'select', 'from', 'where', 'and', 'or', 'not', 'then', 'when', 'else', 'end',
        'as', 'on', 'case', 'is', 'in', 'between', 'like', 'return', 'returns', 'into',
        'using', 'order', 'by', 'group', 'having', 'limit', 'values', 'set', 'if',
        'elsif', 'loop', 'while', 'perform', 'filter', 'over', 'with', 'distinct', 'all',
        'any', 'some', 'exists', 'default', 'check', 'for', 'to', 'do', 'begin'}
OPCHARS = '+-*/<>=~!@#%^&|`?'
TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>--[^\n]*)
  | (?P<block>/\*.*?\*/)
  | (?P<string>[eE]?'(?:[^']|'')*')
  | (?P<ident>"(?:[^"]|"")*"|[A-Za-z_][A-Za-z_0-9$]*)
  | (?P<number>\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+)
  | (?P<dollar>\$[A-Za-z_0-9]*\$)
  | (?P<param>\$\d+|:'?[A-Za-z_][A-Za-z_0-9]*'?)
  | (?P<op>[-+*/<>=~!@#%^&|`?]+)
  | (?P<other>.)
""", re.S | re.X)


def operator(run):
    """An operator run as PostgreSQL's lexer splits it: a name ends in + or -
    only if it also holds one of ~ ! @ # % ^ & | ` ?; -- and /* start comments."""
    while len(run) > 1 and run[-1] in '+-' and not any(c in run for c in '~!@#%^&|`?'):
        run = run[:-1]
    return run


def tokens(text, first_line):
    """(line, kind, text) of SQL code, comments and literals left out."""
    pos, line = 0, first_line
    while pos < len(text):
        m = TOKEN.match(text, pos)
        kind, value = m.lastgroup, m.group()
        if kind == 'op':
            # a comment may start inside a run: it ends the operator there
            cut = min([value.index(c) for c in ('--', '/*') if c in value] + [len(value)])
            if cut == 0:  # a /* that never ends: the rest is its comment
                kind, value = 'block', text[pos:]
            else:
                value = operator(value[:cut])
        if kind not in ('space', 'comment', 'block', 'string', 'dollar'):
            yield line, kind, value
        line += value.count('\n')
        pos += len(value)


def mixes(text, first_line):
    """(line, expression) where two bit operators meet at one level."""
    stack = [[None, set(), []]]  # per level: first line, operators, words
    for line, kind, value in tokens(text, first_line):
        level = stack[-1]
        if value == '(' or value == '[':
            level[2].append(value)
            stack.append([None, set(), []])
            continue
        if value in (')', ']') and len(stack) > 1:
            inner = stack.pop()
            if len(inner[1]) > 1:
                yield inner[0], ' '.join(inner[2])
            stack[-1][2].extend(inner[2] + [value])
            continue
        ends = (kind == 'other' and value not in ('.',)) or \
               (kind == 'op' and value not in BIT and value not in ('+', '-', '*', '/', '%', '::', '~')) or \
               (kind == 'ident' and value.lower() in ENDS)
        if kind == 'other' and value == ':':
            ends = False  # the first colon of a :: cast
        if ends:
            if len(level[1]) > 1:
                yield level[0], ' '.join(level[2])
            stack[-1] = [None, set(), []]
            continue
        if level[0] is None:
            level[0] = line
        if kind == 'op' and value in BIT:
            level[1].add(value)
        level[2].append(value)
    for level in stack:
        if len(level[1]) > 1:
            yield level[0], ' '.join(level[2])


def sql_of_markdown(text):
    lines, out, inside, start = text.split('\n'), [], False, 0
    for n, l in enumerate(lines, 1):
        if not inside and re.match(r'^\s*```sql\s*$', l):
            inside, start, body = True, n + 1, []
        elif inside and l.strip() == '```':
            inside = False
            out.append((start, '\n'.join(body)))
        elif inside:
            body.append(l)
    return out


def sql_of_shell(text):
    """Here-documents and quoted strings, with the line each starts on."""
    out, i, line = [], 0, 1
    while i < len(text):
        c = text[i]
        m = re.compile(r"<<-?\s*(['\"]?)([A-Za-z_]+)\1[^\n]*\n").match(text, i)
        if m:
            end = re.compile(r'^\s*' + m.group(2) + r'\s*$', re.M).search(text, m.end())
            stop = end.start() if end else len(text)
            out.append((line + 1, text[m.end():stop]))
            line += text[i:stop].count('\n')
            i = stop
            continue
        if c == '#' and (i == 0 or text[i - 1] in ' \t\n'):
            i = text.find('\n', i) if text.find('\n', i) >= 0 else len(text)
            continue
        if c in '"\'':
            j = i + 1
            while j < len(text) and text[j] != c:
                j += 2 if c == '"' and text[j] == '\\' else 1
            out.append((line, text[i + 1:j]))
            line += text[i:j].count('\n')
            i = j + 1
            continue
        if c == '\n':
            line += 1
        i += 1
    return out


def sql_of(path, text):
    if path.endswith(('.sql', '.psql')):
        return [(1, text)]
    if path.endswith('.md'):
        return sql_of_markdown(text)
    if path.endswith('.sh'):
        return sql_of_shell(text)
    if path.endswith('.tsv'):
        return [(n, '\t'.join(l.split('\t')[1:])) for n, l in enumerate(text.split('\n'), 1)
                if not l.startswith('#')]
    sys.exit(f'{path}: not a kind of file this check reads')


def main():
    found = 0
    for path in sys.argv[1:]:
        with open(path, encoding='utf-8') as f:
            text = f.read()
        for first, sql in sql_of(path, text):
            for line, expression in mixes(sql, first):
                print(f'{path}:{line}: {expression}')
                found += 1
    if found:
        print(f'{found} expressions mix <<, >>, &, | or # without parentheses: in SQL they group '
              'left to right, all at one precedence. Put each operand in parentheses.')
    sys.exit(1 if found else 0)


if __name__ == '__main__':
    main()
