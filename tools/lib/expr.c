// SPDX-License-Identifier: MIT
/*
 * Metric expressions: lexer, recursive-descent parser to a node array,
 * evaluator (Documentation/metrics.rst, "Expressions").
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * Names are resolved to integer ids while parsing (a callback), so the
 * evaluator never compares strings. All state lives in the parser struct
 * and the expression: the code is reentrant.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "intel_oa/metrics.h"

/* Deepest nesting (parentheses, unary operators, ?:, arguments). */
#define EXPR_MAX_DEPTH 64
/* Most nodes one expression may have (bounds the evaluator's recursion). */
#define EXPR_MAX_NODES 4096

enum node_op {
	N_NUM, N_VAR, N_NEG, N_NOT,
	N_ADD, N_SUB, N_MUL, N_DIV, N_MOD,
	N_LT, N_LE, N_GT, N_GE, N_EQ, N_NE,
	N_AND, N_OR, N_COND,
	N_MIN, N_MAX, N_ABS, N_FLOOR, N_CEIL, N_CLAMP,
};

struct node {
	int op;
	int a, b, c;	/* children; -1 when unused */
	int next;	/* next argument of a function call */
	int id;		/* N_VAR */
	double num;	/* N_NUM */
};

struct intel_oa_expr {
	struct node *n;
	int count, cap;
	int root;
};

enum tok {
	T_END, T_NUM, T_NAME, T_BAD,
	T_LE = 256, T_GE, T_EQ, T_NE, T_AND, T_OR,
};

struct parser {
	const char *s;
	size_t len;
	size_t pos;		/* next unread byte */
	unsigned int line, col0;
	intel_oa_expr_resolve_fn resolve;
	void *ctx;
	struct intel_oa_expr *e;
	struct intel_oa_parse_error *err;
	int depth;
	int failed;		/* 0, -EINVAL or -ENOMEM */
	/* current token */
	int tok;
	size_t tstart, tlen;
	double num;
};

static const struct {
	const char *name;
	int op;
	int min_args, max_args;
} funcs[] = {
	{ "min", N_MIN, 1, EXPR_MAX_NODES },
	{ "max", N_MAX, 1, EXPR_MAX_NODES },
	{ "abs", N_ABS, 1, 1 },
	{ "floor", N_FLOOR, 1, 1 },
	{ "ceil", N_CEIL, 1, 1 },
	{ "clamp", N_CLAMP, 3, 3 },
};

static int is_name_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int is_name_char(int c)
{
	return is_name_start(c) || is_digit(c);
}

static int hexval(int c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int at_stop(const struct parser *p, size_t i)
{
	return i >= p->len || p->s[i] == '\0' || p->s[i] == '\n' ||
	       p->s[i] == '#';
}

static void perr(struct parser *p, size_t at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void perr(struct parser *p, size_t at, const char *fmt, ...)
{
	va_list ap;

	if (p->failed)
		return;
	p->failed = -EINVAL;
	if (!p->err)
		return;
	p->err->line = p->line;
	p->err->column = p->col0 + (unsigned int)at;
	va_start(ap, fmt);
	vsnprintf(p->err->msg, sizeof(p->err->msg), fmt, ap);
	va_end(ap);
	snprintf(p->err->text, sizeof(p->err->text), "<expr>:%u:%u: %s",
		 p->err->line, p->err->column, p->err->msg);
}

/* The current token as written, for "found '...'" (quotes included). */
static const char *tok_text(const struct parser *p, char *buf, size_t len)
{
	size_t n = p->tlen;

	if (p->tok == T_END)
		return "end of line";
	if (n > 40)
		n = 40;
	snprintf(buf, len, "'%.*s'", (int)n, p->s + p->tstart);
	return buf;
}

static void lex_number(struct parser *p)
{
	size_t i = p->pos, start = p->pos;
	char buf[64];
	int bad = 0;

	if (p->s[i] == '0' && i + 1 < p->len &&
	    (p->s[i + 1] == 'x' || p->s[i + 1] == 'X')) {
		uint64_t v = 0;
		int digits = 0, big = 0;

		i += 2;
		while (i < p->len && hexval(p->s[i]) >= 0) {
			if (v >> 60)
				big = 1;
			v = v << 4 | (uint64_t)hexval(p->s[i]);
			digits++;
			i++;
		}
		if (!digits)
			bad = 1;
		while (i < p->len && (is_name_char(p->s[i]) || p->s[i] == '.')) {
			bad = 1;
			i++;
		}
		p->tok = T_NUM;
		p->tstart = start;
		p->tlen = i - start;
		p->pos = i;
		if (bad)
			perr(p, start, "malformed number '%.*s'", (int)(i - start),
			     p->s + start);
		else if (big)
			perr(p, start, "number too large '%.*s'",
			     (int)(i - start), p->s + start);
		p->num = (double)v;
		return;
	}
	while (i < p->len && is_digit(p->s[i]))
		i++;
	if (i < p->len && p->s[i] == '.') {
		i++;
		while (i < p->len && is_digit(p->s[i]))
			i++;
	}
	if (i < p->len && (p->s[i] == 'e' || p->s[i] == 'E')) {
		size_t d;

		i++;
		if (i < p->len && (p->s[i] == '+' || p->s[i] == '-'))
			i++;
		d = i;
		while (i < p->len && is_digit(p->s[i]))
			i++;
		if (i == d)
			bad = 1;
	}
	while (i < p->len && (is_name_char(p->s[i]) || p->s[i] == '.')) {
		bad = 1;
		i++;
	}
	p->tok = T_NUM;
	p->tstart = start;
	p->tlen = i - start;
	p->pos = i;
	if (bad || i - start >= sizeof(buf)) {
		perr(p, start, "malformed number '%.*s'", (int)(i - start),
		     p->s + start);
		p->num = 0;
		return;
	}
	memcpy(buf, p->s + start, i - start);
	buf[i - start] = '\0';
	p->num = strtod(buf, NULL);
	if (isinf(p->num))
		perr(p, start, "number too large '%s'", buf);
}

static void next(struct parser *p)
{
	size_t i = p->pos;
	int c, c2;

	while (i < p->len && (p->s[i] == ' ' || p->s[i] == '\t' ||
			      p->s[i] == '\r'))
		i++;
	p->pos = i;
	p->tstart = i;
	p->tlen = 1;
	if (at_stop(p, i)) {
		p->tok = T_END;
		p->tlen = 0;
		return;
	}
	c = (unsigned char)p->s[i];
	c2 = i + 1 < p->len ? (unsigned char)p->s[i + 1] : 0;
	if (is_digit(c)) {
		lex_number(p);
		return;
	}
	if (is_name_start(c)) {
		while (i < p->len && is_name_char(p->s[i]))
			i++;
		p->tok = T_NAME;
		p->tlen = i - p->tstart;
		p->pos = i;
		return;
	}
	p->pos = i + 1;
	switch (c) {
	case '+': case '-': case '*': case '/': case '%':
	case '(': case ')': case ',': case '?': case ':':
		p->tok = c;
		return;
	case '<': case '>': case '!': case '=':
		if (c2 == '=') {
			p->tok = c == '<' ? T_LE : c == '>' ? T_GE :
				 c == '!' ? T_NE : T_EQ;
			p->tlen = 2;
			p->pos = i + 2;
			return;
		}
		p->tok = c == '=' ? T_BAD : c;
		return;
	case '&': case '|':
		if (c2 == c) {
			p->tok = c == '&' ? T_AND : T_OR;
			p->tlen = 2;
			p->pos = i + 2;
			return;
		}
		p->tok = T_BAD;
		return;
	default:
		p->tok = T_BAD;
		return;
	}
}

static int add_node(struct parser *p, int op, int a, int b, int c)
{
	struct intel_oa_expr *e = p->e;
	struct node *n;

	if (p->failed)
		return -1;
	if (e->count >= EXPR_MAX_NODES) {
		perr(p, p->tstart,
		     "expression too long (more than %d operands and operators)",
		     EXPR_MAX_NODES);
		return -1;
	}
	if (e->count == e->cap) {
		int cap = e->cap ? e->cap * 2 : 16;
		struct node *nn = realloc(e->n, (size_t)cap * sizeof(*nn));

		if (!nn) {
			p->failed = -ENOMEM;
			return -1;
		}
		e->n = nn;
		e->cap = cap;
	}
	n = &e->n[e->count];
	n->op = op;
	n->a = a;
	n->b = b;
	n->c = c;
	n->next = -1;
	n->id = -1;
	n->num = 0;
	return e->count++;
}

static int parse_cond(struct parser *p);

static int enter(struct parser *p)
{
	if (++p->depth > EXPR_MAX_DEPTH) {
		perr(p, p->tstart, "expression nested too deeply");
		return -1;
	}
	return 0;
}

static void expect(struct parser *p, int tok, const char *what)
{
	char buf[64];

	if (p->failed)
		return;
	if (p->tok != tok) {
		perr(p, p->tstart, "expected '%s', found %s", what,
		     tok_text(p, buf, sizeof(buf)));
		return;
	}
	next(p);
}

static int parse_call(struct parser *p, size_t name_at, size_t name_len)
{
	const char *name = p->s + name_at;
	int first = -1, last = -1, n = 0, node;
	size_t f;

	for (f = 0; f < sizeof(funcs) / sizeof(funcs[0]); f++)
		if (strlen(funcs[f].name) == name_len &&
		    !memcmp(funcs[f].name, name, name_len))
			break;
	if (f == sizeof(funcs) / sizeof(funcs[0])) {
		perr(p, name_at, "unknown function '%.*s'", (int)name_len,
		     name);
		return -1;
	}
	next(p);	/* '(' */
	if (p->tok != ')') {
		for (;;) {
			int arg = parse_cond(p);

			if (p->failed)
				return -1;
			if (last >= 0)
				p->e->n[last].next = arg;
			else
				first = arg;
			last = arg;
			n++;
			if (p->tok != ',')
				break;
			next(p);
		}
	}
	expect(p, ')', ")");
	if (p->failed)
		return -1;
	if (n < funcs[f].min_args || n > funcs[f].max_args) {
		if (funcs[f].min_args != funcs[f].max_args)
			perr(p, name_at, "'%s' takes at least %d argument",
			     funcs[f].name, funcs[f].min_args);
		else
			perr(p, name_at, "'%s' takes %d argument%s",
			     funcs[f].name, funcs[f].min_args,
			     funcs[f].min_args == 1 ? "" : "s");
		return -1;
	}
	node = add_node(p, funcs[f].op, first, -1, -1);
	return node;
}

static int is_func_name(const char *s, size_t len)
{
	size_t f;

	for (f = 0; f < sizeof(funcs) / sizeof(funcs[0]); f++)
		if (strlen(funcs[f].name) == len && !memcmp(funcs[f].name, s, len))
			return 1;
	return 0;
}

static int parse_primary(struct parser *p)
{
	char buf[64];
	int node;

	if (p->failed)
		return -1;
	switch (p->tok) {
	case T_NUM:
		node = add_node(p, N_NUM, -1, -1, -1);
		if (node >= 0)
			p->e->n[node].num = p->num;
		next(p);
		return node;
	case T_NAME: {
		size_t at = p->tstart, len = p->tlen;
		int id;

		next(p);
		if (p->tok == '(')
			return parse_call(p, at, len);
		if (is_func_name(p->s + at, len)) {
			perr(p, at, "'%.*s' is a function", (int)len, p->s + at);
			return -1;
		}
		id = p->resolve ? p->resolve(p->ctx, p->s + at, len) : -1;
		if (id < 0) {
			perr(p, at, "unknown name '%.*s'", (int)len, p->s + at);
			return -1;
		}
		node = add_node(p, N_VAR, -1, -1, -1);
		if (node >= 0)
			p->e->n[node].id = id;
		return node;
	}
	case '(':
		next(p);
		node = parse_cond(p);
		expect(p, ')', ")");
		return p->failed ? -1 : node;
	default:
		perr(p, p->tstart, "expected an operand, found %s",
		     tok_text(p, buf, sizeof(buf)));
		return -1;
	}
}

static int parse_unary(struct parser *p)
{
	int op = p->tok, node, a;

	if (op != '-' && op != '+' && op != '!')
		return parse_primary(p);
	if (enter(p))
		return -1;
	next(p);
	a = parse_unary(p);
	p->depth--;
	if (op == '+' || a < 0)
		return a;
	node = add_node(p, op == '-' ? N_NEG : N_NOT, a, -1, -1);
	return node;
}

static int parse_term(struct parser *p)
{
	int l = parse_unary(p);

	while (!p->failed && (p->tok == '*' || p->tok == '/' || p->tok == '%')) {
		int op = p->tok == '*' ? N_MUL : p->tok == '/' ? N_DIV : N_MOD;
		int r;

		next(p);
		r = parse_unary(p);
		l = add_node(p, op, l, r, -1);
	}
	return l;
}

static int parse_sum(struct parser *p)
{
	int l = parse_term(p);

	while (!p->failed && (p->tok == '+' || p->tok == '-')) {
		int op = p->tok == '+' ? N_ADD : N_SUB;
		int r;

		next(p);
		r = parse_term(p);
		l = add_node(p, op, l, r, -1);
	}
	return l;
}

static int cmp_op(int tok)
{
	switch (tok) {
	case '<': return N_LT;
	case '>': return N_GT;
	case T_LE: return N_LE;
	case T_GE: return N_GE;
	case T_EQ: return N_EQ;
	case T_NE: return N_NE;
	default: return -1;
	}
}

static int parse_cmp(struct parser *p)
{
	int l = parse_sum(p), op, r;

	if (p->failed)
		return -1;
	op = cmp_op(p->tok);
	if (op < 0)
		return l;
	next(p);
	r = parse_sum(p);
	if (!p->failed && cmp_op(p->tok) >= 0) {
		perr(p, p->tstart, "comparisons do not chain");
		return -1;
	}
	return add_node(p, op, l, r, -1);
}

static int parse_and(struct parser *p)
{
	int l = parse_cmp(p);

	while (!p->failed && p->tok == T_AND) {
		int r;

		next(p);
		r = parse_cmp(p);
		l = add_node(p, N_AND, l, r, -1);
	}
	return l;
}

static int parse_or(struct parser *p)
{
	int l = parse_and(p);

	while (!p->failed && p->tok == T_OR) {
		int r;

		next(p);
		r = parse_and(p);
		l = add_node(p, N_OR, l, r, -1);
	}
	return l;
}

static int parse_cond(struct parser *p)
{
	int c, a, b;

	if (enter(p))
		return -1;
	c = parse_or(p);
	if (!p->failed && p->tok == '?') {
		next(p);
		a = parse_cond(p);
		expect(p, ':', ":");
		b = parse_cond(p);
		c = add_node(p, N_COND, c, a, b);
	}
	p->depth--;
	return p->failed ? -1 : c;
}

int intel_oa_expr_parse(const char *src, size_t len, unsigned int line,
			unsigned int column, intel_oa_expr_resolve_fn resolve,
			void *ctx, struct intel_oa_expr **out,
			struct intel_oa_parse_error *err)
{
	struct parser p;
	char buf[64];

	if (!src || !out)
		return -EINVAL;
	*out = NULL;
	memset(&p, 0, sizeof(p));
	p.s = src;
	p.len = len;
	p.line = line;
	p.col0 = column;
	p.resolve = resolve;
	p.ctx = ctx;
	p.err = err;
	p.e = calloc(1, sizeof(*p.e));
	if (!p.e)
		return -ENOMEM;
	p.e->root = -1;
	next(&p);
	if (!p.failed)
		p.e->root = parse_cond(&p);
	if (!p.failed && p.tok != T_END)
		perr(&p, p.tstart, "unexpected %s after the expression",
		     tok_text(&p, buf, sizeof(buf)));
	if (p.failed) {
		intel_oa_expr_free(p.e);
		return p.failed;
	}
	*out = p.e;
	return 0;
}

void intel_oa_expr_free(struct intel_oa_expr *e)
{
	if (!e)
		return;
	free(e->n);
	free(e);
}

struct eval {
	const struct intel_oa_expr *e;
	intel_oa_expr_lookup_fn lookup;
	void *ctx;
	unsigned int flags;
};

static double ev(struct eval *v, int i)
{
	const struct node *n = &v->e->n[i];
	double a, b, c;
	int k;

	switch (n->op) {
	case N_NUM:
		return n->num;
	case N_VAR:
		if (!v->lookup) {
			v->flags |= INTEL_OA_EVAL_UNDEFINED;
			return NAN;
		}
		return v->lookup(v->ctx, n->id, &v->flags);
	case N_NEG:
		return -ev(v, n->a);
	case N_NOT:
		a = ev(v, n->a);
		return isnan(a) ? a : (a == 0.0 ? 1.0 : 0.0);
	case N_AND:
	case N_OR:
		a = ev(v, n->a);
		if (isnan(a))
			return a;
		if (n->op == N_AND ? a == 0.0 : a != 0.0)
			return n->op == N_AND ? 0.0 : 1.0;
		b = ev(v, n->b);
		return isnan(b) ? b : (b != 0.0 ? 1.0 : 0.0);
	case N_COND:
		a = ev(v, n->a);
		if (isnan(a))
			return a;
		return a != 0.0 ? ev(v, n->b) : ev(v, n->c);
	case N_ABS:
		return fabs(ev(v, n->a));
	case N_FLOOR:
		return floor(ev(v, n->a));
	case N_CEIL:
		return ceil(ev(v, n->a));
	case N_MIN:
	case N_MAX:
		a = ev(v, n->a);
		for (k = v->e->n[n->a].next; k >= 0; k = v->e->n[k].next) {
			b = ev(v, k);
			if (isnan(a) || isnan(b))
				a = NAN;
			else if (n->op == N_MIN ? b < a : b > a)
				a = b;
		}
		return a;
	case N_CLAMP:
		k = n->a;
		a = ev(v, k);
		k = v->e->n[k].next;
		b = ev(v, k);
		c = ev(v, v->e->n[k].next);
		if (isnan(a) || isnan(b) || isnan(c))
			return NAN;
		return a < b ? b : a > c ? c : a;
	default:
		break;
	}
	a = ev(v, n->a);
	b = ev(v, n->b);
	switch (n->op) {
	case N_ADD: return a + b;
	case N_SUB: return a - b;
	case N_MUL: return a * b;
	case N_DIV:
	case N_MOD:
		if (b == 0.0) {
			v->flags |= INTEL_OA_EVAL_DIV_ZERO;
			return NAN;
		}
		return n->op == N_DIV ? a / b : fmod(a, b);
	default:
		break;
	}
	if (isnan(a) || isnan(b))
		return NAN;
	switch (n->op) {
	case N_LT: return a < b;
	case N_LE: return a <= b;
	case N_GT: return a > b;
	case N_GE: return a >= b;
	case N_EQ: return a == b;
	case N_NE: return a != b;
	default: return NAN;
	}
}

double intel_oa_expr_eval(const struct intel_oa_expr *e,
			  intel_oa_expr_lookup_fn lookup, void *ctx,
			  unsigned int *flags)
{
	struct eval v = { e, lookup, ctx, 0 };
	double r;

	if (!e || e->root < 0)
		return NAN;
	r = ev(&v, e->root);
	if (flags)
		*flags |= v.flags;
	return r;
}

const char *intel_oa_eval_flags_string(unsigned int flags)
{
	switch (flags & (INTEL_OA_EVAL_DIV_ZERO | INTEL_OA_EVAL_UNDEFINED)) {
	case INTEL_OA_EVAL_DIV_ZERO:
		return "division by zero";
	case INTEL_OA_EVAL_UNDEFINED:
		return "undefined input";
	case INTEL_OA_EVAL_DIV_ZERO | INTEL_OA_EVAL_UNDEFINED:
		return "division by zero, undefined input";
	default:
		return "";
	}
}
