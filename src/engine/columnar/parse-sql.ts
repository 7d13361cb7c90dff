import { lexSql, type SqlToken } from '../sql-lexer';
import {
  type BinaryOperator,
  type CommonTable,
  type Expression,
  type FromItem,
  notColumnar,
  type OrderItem,
  type Query,
  type Select,
  type SelectItem,
  type Source,
  type SqlType,
  type Values,
  type WindowSpec,
} from './sql-ast';

/**
 * SQL text → the subset's syntax tree (sql-ast.ts), by recursive descent over the guard's own
 * lexer (sql-lexer.ts), with PostgreSQL's operator precedence, which DuckDB keeps: OR < AND < NOT
 * < comparisons (IS, IN, BETWEEN) < `||` < `+ -` < `* / // %` < unary minus < `::`. Anything it
 * does not know — a keyword, a join kind, a string form — throws NotColumnar: the query goes to
 * DuckDB unchanged.
 */
export function parseSql(sql: string): Query {
  const lexed = lexSql(sql);
  if (!lexed.ok) notColumnar(lexed.problem);
  const parser = new Parser(mergeOperators(lexed.tokens));
  const query = parser.query();
  parser.skip(';');
  if (!parser.done()) notColumnar(`unexpected '${parser.peekText()}' after the query`);
  return query;
}

const TWO_CHAR_OPERATORS = new Set(['<=', '>=', '<>', '!=', '||', '::', '//']);

/** The lexer gives one token per punctuation character; `<=`, `||`, `::`… are joined here. */
function mergeOperators(tokens: SqlToken[]): SqlToken[] {
  const merged: SqlToken[] = [];
  for (const token of tokens) {
    const last = merged.at(-1);
    if (
      last &&
      token.kind === 'punct' &&
      last.kind === 'punct' &&
      last.end === token.start &&
      TWO_CHAR_OPERATORS.has(last.text + token.text)
    ) {
      merged[merged.length - 1] = { ...last, text: last.text + token.text, end: token.end };
      continue;
    }
    merged.push(token);
  }
  return merged;
}

/** Words that end an expression or cannot be an implicit alias. */
const RESERVED = new Set([
  'select',
  'from',
  'where',
  'group',
  'having',
  'qualify',
  'order',
  'limit',
  'offset',
  'as',
  'on',
  'join',
  'inner',
  'left',
  'right',
  'full',
  'outer',
  'cross',
  'natural',
  'using',
  'union',
  'intersect',
  'except',
  'and',
  'or',
  'not',
  'is',
  'in',
  'between',
  'like',
  'ilike',
  'case',
  'when',
  'then',
  'else',
  'end',
  'with',
  'values',
  'window',
  'filter',
  'over',
  'asc',
  'desc',
  'nulls',
  'distinct',
  'all',
  'by',
  'similar',
  'glob',
  'collate',
  'escape',
  'lateral',
  'pivot',
  'unpivot',
  'sample',
  'tablesample',
  'using',
  'returning',
]);

const TYPE_NAMES: Record<string, SqlType> = {
  varchar: 'varchar',
  text: 'varchar',
  string: 'varchar',
  integer: 'integer',
  int: 'integer',
  int4: 'integer',
  int32: 'integer',
  bigint: 'bigint',
  int8: 'bigint',
  int64: 'bigint',
  long: 'bigint',
  double: 'double',
  float8: 'double',
  boolean: 'boolean',
  bool: 'boolean',
  date: 'date',
};

const COMPARISONS: Record<string, BinaryOperator> = {
  '=': '=',
  '==': '=',
  '<>': '<>',
  '!=': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

class Parser {
  private position = 0;

  constructor(private readonly tokens: SqlToken[]) {}

  done(): boolean {
    return this.position >= this.tokens.length;
  }

  peekText(offset = 0): string | undefined {
    return this.tokens[this.position + offset]?.text;
  }

  private peek(offset = 0): SqlToken | undefined {
    return this.tokens[this.position + offset];
  }

  /** The next token is this word (lower case) or punctuation. */
  private at(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token !== undefined && token.kind !== 'string' && token.kind !== 'quoted' && token.text === text;
  }

  skip(text: string): boolean {
    if (!this.at(text)) return false;
    this.position++;
    return true;
  }

  private expect(text: string): void {
    if (!this.skip(text)) notColumnar(`expected '${text}' at '${this.peekText() ?? 'the end'}'`);
  }

  private next(): SqlToken {
    const token = this.peek();
    if (!token) notColumnar('the query ends too early');
    this.position++;
    return token;
  }

  query(): Query {
    const ctes: CommonTable[] = [];
    if (this.skip('with')) {
      if (this.at('recursive')) notColumnar('WITH RECURSIVE');
      do ctes.push(this.commonTable());
      while (this.skip(','));
    }
    const body = this.at('values') ? this.values() : this.select();
    if (['union', 'intersect', 'except'].some((word) => this.at(word))) notColumnar('set operations');
    const orderBy = this.skip('order') ? this.orderListAfterBy() : [];
    let limit: number | undefined;
    let offset: number | undefined;
    for (;;) {
      if (this.skip('limit')) limit = this.count('LIMIT');
      else if (this.skip('offset')) offset = this.count('OFFSET');
      else break;
    }
    return {
      ctes,
      body,
      orderBy,
      ...(limit === undefined ? {} : { limit }),
      ...(offset === undefined ? {} : { offset }),
    };
  }

  private count(clause: string): number {
    const token = this.next();
    if (token.kind !== 'number' || !/^\d+$/.test(token.text))
      notColumnar(`${clause} that is not a whole number`);
    return Number(token.text);
  }

  private commonTable(): CommonTable {
    const name = this.identifier();
    const columns = this.at('(') ? this.nameList() : undefined;
    this.expect('as');
    if (this.at('materialized') || this.at('not')) notColumnar('CTE materialization hints');
    this.expect('(');
    const query = this.query();
    this.expect(')');
    return { name, ...(columns ? { columns } : {}), query };
  }

  private nameList(): string[] {
    this.expect('(');
    const names: string[] = [];
    do names.push(this.identifier());
    while (this.skip(','));
    this.expect(')');
    return names;
  }

  private values(): Values {
    this.expect('values');
    const rows: Expression[][] = [];
    do {
      this.expect('(');
      const row: Expression[] = [];
      do row.push(this.expression());
      while (this.skip(','));
      this.expect(')');
      rows.push(row);
    } while (this.skip(','));
    return { kind: 'values', rows };
  }

  private select(): Select {
    this.expect('select');
    if (this.skip('all')) {
      /* SELECT ALL is SELECT */
    }
    const distinct = this.skip('distinct');
    if (distinct && this.at('on')) notColumnar('DISTINCT ON');
    const items: SelectItem[] = [];
    do items.push(this.selectItem());
    while (this.skip(','));
    if (!this.skip('from')) notColumnar('a SELECT without FROM');
    const from = this.fromList();
    const where = this.skip('where') ? this.expression() : undefined;
    let groupBy: Expression[] = [];
    let groupByAll = false;
    if (this.skip('group')) {
      this.expect('by');
      if (this.at('cube') || this.at('rollup') || this.at('grouping')) notColumnar('GROUP BY CUBE/ROLLUP');
      groupByAll = this.skip('all');
      if (!groupByAll) groupBy = this.expressionList();
    }
    const having = this.skip('having') ? this.expression() : undefined;
    if (this.at('window')) notColumnar('named windows');
    const qualify = this.skip('qualify') ? this.expression() : undefined;
    return {
      kind: 'select',
      distinct,
      items,
      from,
      groupBy,
      ...(groupByAll ? { groupByAll } : {}),
      ...(where ? { where } : {}),
      ...(having ? { having } : {}),
      ...(qualify ? { qualify } : {}),
    };
  }

  private selectItem(): SelectItem {
    if (this.skip('*')) return { kind: 'star' };
    const token = this.peek();
    if (token && (token.kind === 'word' || token.kind === 'quoted') && this.at('.', 1) && this.at('*', 2)) {
      this.position += 3;
      return { kind: 'star', table: token.text };
    }
    const expression = this.expression();
    const alias = this.alias();
    return { kind: 'expression', expression, ...(alias ? { alias } : {}) };
  }

  /** `AS name`, or a bare name that is not a keyword. */
  private alias(): string | undefined {
    if (this.skip('as')) return this.identifier();
    const token = this.peek();
    if (token?.kind === 'quoted') return this.identifier();
    if (token?.kind === 'word' && !RESERVED.has(token.text)) return this.identifier();
    return undefined;
  }

  private identifier(): string {
    const token = this.next();
    if (token.kind === 'quoted') return token.text;
    if (token.kind === 'word' && !RESERVED.has(token.text)) return token.text;
    return notColumnar(`expected a name at '${token.text}'`);
  }

  private fromList(): FromItem[] {
    const items: FromItem[] = [{ source: this.source() }];
    for (;;) {
      if (this.skip(',')) {
        items.push({ source: this.source() });
        continue;
      }
      if (this.at('cross')) {
        this.position++;
        this.expect('join');
        items.push({ source: this.source() });
        continue;
      }
      if (this.at('inner') || this.at('join') || this.at('left')) {
        const left = this.skip('left');
        if (left) this.skip('outer');
        else this.skip('inner');
        this.expect('join');
        const source = this.source();
        if (this.at('using')) notColumnar('JOIN … USING');
        this.expect('on');
        items.push({ source, on: this.expression(), ...(left ? { left } : {}) });
        continue;
      }
      if (
        ['right', 'full', 'natural', 'asof', 'positional', 'semi', 'anti', 'lateral'].some((word) =>
          this.at(word),
        )
      )
        notColumnar(`${this.peekText()} joins`);
      return items;
    }
  }

  private source(): Source {
    if (this.skip('(')) {
      if (!this.at('select') && !this.at('with') && !this.at('values')) notColumnar('a parenthesised join');
      const query = this.query();
      this.expect(')');
      // DuckDB's own name for it; its columns are read unqualified.
      const alias = this.alias() ?? 'unnamed_subquery';
      const columns = this.at('(') ? this.nameList() : undefined;
      return { kind: 'subquery', query, alias, ...(columns ? { columns } : {}) };
    }
    const token = this.peek();
    if (token?.kind === 'string') notColumnar('a string scanned as a table');
    const name = this.identifier();
    if (this.at('.')) notColumnar('a qualified table name');
    if (this.at('(')) notColumnar('a table function');
    const alias = this.alias() ?? name;
    if (this.at('(')) notColumnar('table alias column lists');
    return { kind: 'table', name, alias };
  }

  private orderListAfterBy(): OrderItem[] {
    this.expect('by');
    return this.orderList();
  }

  private orderList(): OrderItem[] {
    const items: OrderItem[] = [];
    do {
      const expression = this.expression();
      let descending = false;
      if (this.skip('desc')) descending = true;
      else this.skip('asc');
      let nullsFirst = false;
      if (this.skip('nulls')) {
        if (this.skip('first')) nullsFirst = true;
        else this.expect('last');
      }
      items.push({ expression, descending, nullsFirst });
    } while (this.skip(','));
    return items;
  }

  private expressionList(): Expression[] {
    const list: Expression[] = [];
    do list.push(this.expression());
    while (this.skip(','));
    return list;
  }

  expression(): Expression {
    return this.or();
  }

  private or(): Expression {
    let left = this.and();
    while (this.skip('or')) left = { kind: 'binary', operator: 'or', left, right: this.and() };
    return left;
  }

  private and(): Expression {
    let left = this.not();
    while (this.skip('and')) left = { kind: 'binary', operator: 'and', left, right: this.not() };
    return left;
  }

  private not(): Expression {
    if (this.skip('not')) return { kind: 'unary', operator: 'not', operand: this.not() };
    return this.comparison();
  }

  private comparison(): Expression {
    const left = this.concat();
    const operator = this.peek()?.kind === 'punct' ? COMPARISONS[this.peekText() ?? ''] : undefined;
    if (operator) {
      this.position++;
      if (this.at('any') || this.at('all') || this.at('some')) notColumnar('quantified comparisons');
      return { kind: 'binary', operator, left, right: this.concat() };
    }
    if (this.skip('is')) {
      const negated = this.skip('not');
      if (this.skip('null')) return { kind: 'is-null', operand: left, negated };
      return notColumnar('IS other than IS [NOT] NULL');
    }
    const negated = this.at('not') && (this.at('in', 1) || this.at('between', 1) || this.at('like', 1));
    if (negated) this.position++;
    if (this.skip('in')) {
      this.expect('(');
      if (this.at('select') || this.at('with')) {
        const query = this.query();
        this.expect(')');
        return { kind: 'in-query', operand: left, query, negated };
      }
      const items = this.expressionList();
      this.expect(')');
      return { kind: 'in-list', operand: left, items, negated };
    }
    if (this.skip('between')) {
      const low = this.concat();
      this.expect('and');
      return { kind: 'between', operand: left, low, high: this.concat(), negated };
    }
    if (['like', 'ilike', 'similar', 'glob', '~', '!~', 'isnull', 'notnull'].some((word) => this.at(word)))
      notColumnar(`the ${this.peekText()} operator`);
    return left;
  }

  private concat(): Expression {
    let left = this.additive();
    while (this.skip('||')) left = { kind: 'binary', operator: '||', left, right: this.additive() };
    return left;
  }

  private additive(): Expression {
    let left = this.multiplicative();
    for (;;) {
      if (this.skip('+')) left = { kind: 'binary', operator: '+', left, right: this.multiplicative() };
      else if (this.skip('-')) left = { kind: 'binary', operator: '-', left, right: this.multiplicative() };
      else return left;
    }
  }

  private multiplicative(): Expression {
    let left = this.unary();
    for (;;) {
      const text = this.peekText();
      if (this.peek()?.kind === 'punct' && (text === '*' || text === '/' || text === '//' || text === '%')) {
        this.position++;
        left = { kind: 'binary', operator: text, left, right: this.unary() };
      } else return left;
    }
  }

  private unary(): Expression {
    if (this.skip('-')) {
      const operand = this.unary();
      // A negative number is one literal, as DuckDB folds it (its type stays the literal's).
      if (operand.kind === 'literal' && typeof operand.value === 'number')
        return { ...operand, value: -operand.value };
      return { kind: 'unary', operator: '-', operand };
    }
    if (this.skip('+')) return this.unary();
    return this.postfix();
  }

  private postfix(): Expression {
    let expression = this.primary();
    while (this.skip('::')) expression = { kind: 'cast', operand: expression, to: this.typeName() };
    if (this.at('[') || this.at('collate')) notColumnar(`'${this.peekText()}' after an expression`);
    return expression;
  }

  private typeName(): SqlType {
    const token = this.next();
    const type = token.kind === 'word' ? TYPE_NAMES[token.text] : undefined;
    if (!type || this.at('(') || this.at('[')) notColumnar(`the type ${token.text}`);
    return type;
  }

  private primary(): Expression {
    const token = this.next();
    if (token.kind === 'number') return numberLiteral(token.text);
    if (token.kind === 'string')
      return { kind: 'literal', value: stringLiteral(token.text), type: 'varchar' };
    if (token.kind === 'punct') {
      if (token.text !== '(') return notColumnar(`unexpected '${token.text}'`);
      if (this.at('select') || this.at('with')) {
        const query = this.query();
        this.expect(')');
        return { kind: 'subquery', query };
      }
      const inner = this.expression();
      if (this.at(',')) notColumnar('row values');
      this.expect(')');
      return inner;
    }
    if (token.kind === 'word') {
      switch (token.text) {
        case 'null':
          return { kind: 'literal', value: null, type: 'null' };
        case 'true':
        case 'false':
          return { kind: 'literal', value: token.text === 'true', type: 'boolean' };
        case 'case':
          return this.caseExpression();
        case 'cast':
          return this.castExpression();
        case 'exists':
        case 'try_cast':
          return notColumnar(`${token.text} expressions`);
      }
      // DATE '2023-01-01', INTERVAL '1 day'…; `date` alone is a column name (weekly.date).
      if (this.peek()?.kind === 'string' || this.at('[')) notColumnar(`${token.text} literals`);
      if (RESERVED.has(token.text)) return notColumnar(`unexpected '${token.text}'`);
    }
    if (this.at('(')) {
      if (token.kind !== 'word') notColumnar('a quoted function name');
      return this.call(token.text);
    }
    if (this.skip('.')) {
      const column = this.next();
      if (column.kind !== 'word' && column.kind !== 'quoted')
        notColumnar(`a column name after '${token.text}.'`);
      if (this.at('.')) notColumnar('a three-part column name');
      return { kind: 'column', table: token.text, name: column.text };
    }
    return { kind: 'column', name: token.text };
  }

  private call(name: string): Expression {
    this.expect('(');
    const distinct = this.skip('distinct');
    let star = false;
    const args: Expression[] = [];
    if (this.skip('*')) star = true;
    else if (!this.at(')')) args.push(...this.expressionList());
    if (this.at('order') || this.at('ignore') || this.at('respect'))
      notColumnar('ordered or null-treating aggregates');
    this.expect(')');
    let filter: Expression | undefined;
    if (this.skip('filter')) {
      this.expect('(');
      this.expect('where');
      filter = this.expression();
      this.expect(')');
    }
    let over: WindowSpec | undefined;
    if (this.skip('over')) over = this.windowSpec();
    return {
      kind: 'call',
      name,
      args,
      star,
      distinct,
      ...(filter ? { filter } : {}),
      ...(over ? { over } : {}),
    };
  }

  private windowSpec(): WindowSpec {
    this.expect('(');
    let partitionBy: Expression[] = [];
    let orderBy: OrderItem[] = [];
    if (this.skip('partition')) {
      this.expect('by');
      partitionBy = this.expressionList();
    }
    if (this.skip('order')) {
      this.expect('by');
      orderBy = this.orderList();
    }
    if (!this.at(')')) notColumnar('window frames');
    this.expect(')');
    return { partitionBy, orderBy };
  }

  private caseExpression(): Expression {
    const operand = this.at('when') ? undefined : this.expression();
    const whens: { when: Expression; result: Expression }[] = [];
    while (this.skip('when')) {
      const when = this.expression();
      this.expect('then');
      whens.push({ when, result: this.expression() });
    }
    if (whens.length === 0) notColumnar('CASE without WHEN');
    const otherwise = this.skip('else') ? this.expression() : undefined;
    this.expect('end');
    return { kind: 'case', whens, ...(operand ? { operand } : {}), ...(otherwise ? { otherwise } : {}) };
  }

  private castExpression(): Expression {
    this.expect('(');
    const operand = this.expression();
    this.expect('as');
    const to = this.typeName();
    this.expect(')');
    return { kind: 'cast', operand, to };
  }
}

/** `42` is INTEGER (BIGINT past 2^31), `0.25` DECIMAL, `1e5` DOUBLE — DuckDB's literal types. */
function numberLiteral(text: string): Expression {
  if (/^\d+$/.test(text)) {
    const value = Number(text);
    if (!Number.isSafeInteger(value)) notColumnar(`the integer ${text}`);
    return { kind: 'literal', value, type: value <= 2_147_483_647 ? 'integer' : 'bigint' };
  }
  if (/^(\d+\.\d*|\.\d+)$/.test(text)) return { kind: 'literal', value: Number(text), type: 'decimal' };
  if (/^(\d+\.?\d*|\.\d+)[eE][+-]?\d+$/.test(text))
    return { kind: 'literal', value: Number(text), type: 'double' };
  return notColumnar(`the number ${text}`);
}

/** Only plain '…' strings ('' escapes a quote); E'…' and $…$ strings go to DuckDB. */
function stringLiteral(raw: string): string {
  if (!raw.startsWith("'")) notColumnar('escape or dollar-quoted strings');
  return raw.slice(1, -1).replaceAll("''", "'");
}
